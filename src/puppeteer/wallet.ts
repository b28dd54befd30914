// The Puppeteer kit's `wallet`: the shared wallet API, plus clicking in the wallet pickers.
import type { ElementHandle, Page } from 'puppeteer-core';
import { APPKIT_PICK_TIMEOUT_MS, APPKIT_ROWS, APPKIT_ROW_NAMES, WalletApi, pickerProblem, pickerRowName, type PickOptions } from '../kit/wallet.ts';

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
      await clickWhenStill(page, find, options.timeout ?? PICK_TIMEOUT_MS);
    } catch (error) {
      const listed = (await page.evaluate(`${ROWS}.map((li) => li.innerText)`).catch(() => [])) as string[];
      throw new Error(`pickInConnectModal: ${pickerProblem(listed, options.identity)}`, { cause: error });
    }
  }

  /**
   * In Reown AppKit's modal (open it as the app does: its Connect button), clicks the row of `identity` by the
   * name the row shows ('unisat': "Unisat Wallet"), as a person would. The wallet's window opens next.
   */
  async pickInAppKit(page: Page, options: PickOptions = {}): Promise<void> {
    const name = pickerRowName(options.identity, 'appKit');
    // The row one of whose own texts, anywhere under its shadow root, is the name.
    const find = `${APPKIT_ROWS}.find((row) => {
      const shows = (root) => [...root.querySelectorAll('*')].some((e) => (e.children.length === 0 && e.textContent.trim() === ${JSON.stringify(name)}) || (e.shadowRoot && shows(e.shadowRoot)));
      return row.shadowRoot && shows(row.shadowRoot);
    }) ?? null`;
    try {
      await clickWhenStill(page, find, options.timeout ?? APPKIT_PICK_TIMEOUT_MS);
    } catch (error) {
      const listed = (await page.evaluate(APPKIT_ROW_NAMES).catch(() => [])) as string[];
      throw new Error(`pickInAppKit: ${pickerProblem(listed, options.identity, 'appKit')}`, { cause: error });
    }
  }
}

/**
 * Clicks what the page script `find` returns once it is there and stands still, as Playwright's click does: the
 * same box over two animation frames (a modal slides in, and a press during its animation can land beside the
 * target, and nothing is called). Frames, not a timer: on a busy machine a frame can take longer than any fixed
 * wait, and two reads 50 ms apart then saw a still box that had not begun to move.
 */
async function clickWhenStill(page: Page, find: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  const target = (await page.waitForFunction(find, { timeout, polling: 50 })) as ElementHandle<Element>;
  // No named function inside: a runner that keeps names (tsx) would call a helper the page does not have. A tab
  // that draws no frames (one in the background) is read again after 250 ms instead, so the wait always ends.
  const still = (): Promise<boolean> =>
    target.evaluate(
      (element) =>
        new Promise<boolean>((resolve) => {
          const first = JSON.stringify(element.getBoundingClientRect());
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(JSON.stringify(element.getBoundingClientRect()) === first)));
          setTimeout(() => resolve(JSON.stringify(element.getBoundingClientRect()) === first), 250);
        }),
    );
  while (!(await still())) {
    if (Date.now() > deadline) throw new Error('what it clicks kept moving');
  }
  await target.click();
}
