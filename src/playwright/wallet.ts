// The Playwright kit's `wallet`: the shared wallet API, plus what Playwright and Chromium add
// (clicking in the wallet pickers with locators, stopping the service worker).
import type { Page } from '@playwright/test';
import {
  APPKIT_PICK_TIMEOUT_MS,
  APPKIT_MODAL,
  APPKIT_ROW,
  APPKIT_ROW_NAMES,
  WalletApi,
  pickerProblem,
  pickerRowName,
  type PickOptions,
} from '../kit/wallet.ts';
import type { WalletBrowser } from './browser.ts';
import { playwrightDriver } from './driver.ts';

const PICK_TIMEOUT_MS = 5_000;
/** sats-connect's selector: a web component (@sats-connect/ui). */
const SATS_SELECTOR = 'sats-connect-wallet-provider-selector';

export class Wallet extends WalletApi<Page> {
  constructor(private readonly browser: WalletBrowser) {
    super(playwrightDriver(browser));
  }

  get extensionId(): string {
    return this.browser.extensionId;
  }

  /**
   * In @stacks/connect's wallet picker (the modal `connect()` opens), clicks **Connect** on
   * this wallet's row, as a person would. The approval window opens next.
   */
  /** Clicks Connect on this wallet's row in @stacks/connect's picker; `identity: 'xverse'` picks the row Xverse is listed under. */
  async pickInConnectModal(page: Page, options: PickOptions = {}): Promise<void> {
    const row = page.locator('connect-modal li').filter({ hasText: pickerRowName(options.identity) });
    try {
      await row.getByRole('button', { name: 'Connect' }).click({ timeout: options.timeout ?? PICK_TIMEOUT_MS });
    } catch (error) {
      const listed = await page
        .locator('connect-modal li')
        .allInnerTexts()
        .catch(() => []);
      throw new Error(`pickInConnectModal: ${pickerProblem(listed, options.identity)}`, { cause: error });
    }
  }

  /**
   * In sats-connect's wallet selector (what `Wallet.request()` shows when no wallet is chosen), clicks
   * this wallet's row as a person would: `identity: 'unisat'` or `'xverse'`. The wallet's window opens next.
   */
  async pickInSatsConnect(page: Page, options: PickOptions = {}): Promise<void> {
    const name = pickerRowName(options.identity, 'satsConnect');
    // Its installed wallets are role="link" rows, inside the selector's (open) shadow root.
    const rows = page.locator(SATS_SELECTOR).getByRole('link');
    try {
      await rows.filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) }).click({ timeout: options.timeout ?? PICK_TIMEOUT_MS });
    } catch (error) {
      const listed = await rows.allInnerTexts().catch(() => []);
      throw new Error(`pickInSatsConnect: ${pickerProblem(listed, options.identity, 'satsConnect')}`, { cause: error });
    }
  }

  /**
   * In Reown AppKit's modal (open it as the app does: its Connect button), clicks the row of `identity` by the
   * name the row shows ('unisat': "Unisat Wallet"), as a person would. The wallet's window opens next.
   */
  async pickInAppKit(page: Page, options: PickOptions = {}): Promise<void> {
    const name = pickerRowName(options.identity, 'appKit');
    // Playwright's locators pierce the modal's open shadow roots; the row is the one whose text is the name.
    const row = page.locator(`${APPKIT_MODAL} ${APPKIT_ROW}`).filter({ has: page.getByText(name, { exact: true }) });
    try {
      await row.click({ timeout: options.timeout ?? APPKIT_PICK_TIMEOUT_MS });
    } catch (error) {
      const listed = (await page.evaluate(APPKIT_ROW_NAMES).catch(() => [])) as string[];
      throw new Error(`pickInAppKit: ${pickerProblem(listed, options.identity, 'appKit')}`, { cause: error });
    }
  }

  /** Stops the wallet's service worker as Chrome does when idle; the next call wakes it. */
  async stopServiceWorker(): Promise<void> {
    const anchor = this.browser.context.pages().find((p) => !p.url().startsWith(this.browser.origin)) ?? (await this.browser.context.newPage());
    await this.browser.stopServiceWorker(anchor);
  }
}
