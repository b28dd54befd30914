// The Puppeteer kit's `wallet`: the shared wallet API, plus clicking in @stacks/connect's picker.
import type { ElementHandle, Page } from 'puppeteer-core';
import { WalletApi, pickerProblem, pickerRowName, type PickOptions } from '../kit/wallet.ts';

const PICK_TIMEOUT_MS = 5_000;

/** The picker's rows, looked for through open shadow roots (the modal is a web component). */
const ROWS = `(() => {
  const rows = [];
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.tagName === 'LI') rows.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  for (const modal of document.querySelectorAll('connect-modal')) visit(modal.shadowRoot ?? modal);
  return rows;
})()`;

/** sats-connect's selector's installed wallets: role="link" rows in its open shadow root (@sats-connect/ui). */
const SATS_ROWS = `[...(document.querySelector('sats-connect-wallet-provider-selector')?.shadowRoot?.querySelectorAll('[role=link]') ?? [])]`;

export class Wallet extends WalletApi<Page> {
  /**
   * In sats-connect's wallet selector (what `Wallet.request()` shows when no wallet is chosen), clicks
   * this wallet's row as a person would: `identity: 'unisat'` or `'xverse'`. The wallet's window opens next.
   */
  async pickInSatsConnect(page: Page, options: PickOptions = {}): Promise<void> {
    const name = pickerRowName(options.identity, 'satsConnect');
    try {
      const row = (await page.waitForFunction(`${SATS_ROWS}.find((row) => row.innerText.trim() === ${JSON.stringify(name)}) ?? null`, {
        timeout: options.timeout ?? PICK_TIMEOUT_MS,
        polling: 50,
      })) as ElementHandle<Element>;
      await row.click();
    } catch (error) {
      const listed = (await page.evaluate(`${SATS_ROWS}.map((row) => row.innerText)`).catch(() => [])) as string[];
      throw new Error(`pickInSatsConnect: ${pickerProblem(listed, options.identity, 'satsConnect')}`, { cause: error });
    }
  }

  /**
   * In @stacks/connect's wallet picker (the modal `connect()` opens), clicks **Connect** on
   * this wallet's row, as a person would (a real click). The approval window opens next.
   */
  async pickInConnectModal(page: Page, options: PickOptions = {}): Promise<void> {
    const find = `${ROWS}.filter((li) => li.textContent.includes(${JSON.stringify(pickerRowName(options.identity))})).map((li) => [...li.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Connect')).find(Boolean) ?? null`;
    try {
      const deadline = Date.now() + (options.timeout ?? PICK_TIMEOUT_MS);
      const button = (await page.waitForFunction(find, { timeout: options.timeout ?? PICK_TIMEOUT_MS, polling: 50 })) as ElementHandle<Element>;
      // As Playwright's click does: only once the button stands still (the modal slides in; a press
      // during its animation can land beside the button, and nothing is called).
      const rect = (): Promise<string> => button.evaluate((b) => JSON.stringify(b.getBoundingClientRect()));
      for (let last = await rect(); ; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const now = await rect();
        if (now === last) break;
        if (Date.now() > deadline) throw new Error('the Connect button kept moving');
        last = now;
      }
      await button.click();
    } catch (error) {
      const listed = (await page.evaluate(`${ROWS}.map((li) => li.innerText)`).catch(() => [])) as string[];
      throw new Error(`pickInConnectModal: ${pickerProblem(listed, options.identity)}`, { cause: error });
    }
  }
}
