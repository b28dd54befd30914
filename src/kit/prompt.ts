// One approval window, as the person in front of it sees it. Read and pressed through the
// driver's PromptWindow (scripts in the window, Enter at the keyboard), so every kit shares it.
import type { AccountSource } from '../core/methods/method.ts';
import { MAX_ACCOUNT } from '../core/account-path.ts';
import type { PromptWindow } from './driver.ts';

/** What an approval window shows, read off the window as a person would. */
export interface PromptDetails {
  /** The window's heading: "Connect request", "Sign PSBT", "Sign message", "Send bitcoin". */
  title: string;
  method: string;
  origin: string;
  network: string;
  /** The account that will act (0-based) and who picked it. */
  account: number;
  accountSource: AccountSource;
  /** The window's "Chosen by" line for a signing request, in its words ('' for a connect request). */
  chosenBy: string;
  /** The yellow notice shown when that account is not the one this site connected with. */
  notice?: string;
  /** The yellow usage notice: the contract's rules this request breaks (rule name and message). */
  findings: { rule: string; message: string }[];
  /** The method's fields, label → value, e.g. { Message: 'hello', 'Signing address': 'bc1q…' }. */
  fields: Record<string, string>;
  /** The method's tables by caption (Inputs, Outputs, Recipients), each row column → cell. */
  tables: Record<string, Record<string, string>[]>;
  /** The real wallet's error screen, shown instead of the request (it can only be closed: rejectNext presses Close). */
  screen?: { title: string; text: string };
}

/** Asks the wallet whether the request behind a window key is decided (the kit's Wallet does). */
export type DecidedProbe = (key: string, timeoutMs: number) => Promise<boolean | 'signing'>;

const CLICK_TIMEOUT_MS = 10_000;
/** Said of a window whose document is not the approval page yet (it is still navigating to it). */
const NOT_YET_OURS = ' (not the approval page yet)';
const NAVIGATING = 'its document was replaced while it was asked';
/** Playwright's and Puppeteer's words for an evaluate whose document navigated away under it. */
const isNavigatedAway = (error: unknown): boolean => error instanceof Error && /Execution context was destroyed|because of a navigation/i.test(error.message);
const READY_TIMEOUT_MS = 10_000;

/** Waits, in the window, until its details are on screen (body[data-ready]) and then runs `body`. */
const onceReady = (body: string): string => `new Promise((resolve, reject) => {
  const deadline = Date.now() + ${READY_TIMEOUT_MS};
  const run = () => {
    if (document.body?.dataset.ready === 'true') return resolve((() => { ${body} })());
    if (Date.now() > deadline) return reject(new Error('the window never showed its details within ${READY_TIMEOUT_MS / 1000} s'));
    setTimeout(run, 10);
  };
  run();
})`;

export class Prompt<H = unknown> {
  constructor(
    private readonly window: PromptWindow<H>,
    private readonly decided?: DecidedProbe,
  ) {}

  /** The driver's page for this window (Playwright's or Puppeteer's Page). */
  get page(): H {
    return this.window.page;
  }

  /** The window can be approved: its script runs, and a signing request's details are on screen. */
  async ready(): Promise<void> {
    await this.enabledButton('Approve', false);
  }

  /**
   * Waits until the button is enabled (it may be asked before the window's script ran), then
   * gives it the focus if asked. A plain evaluate, not a locator: a locator's first use in a new
   * window injects Playwright's selector engine, which costs more than the rest of the approval.
   */
  private async enabledButton(name: 'Approve' | 'Reject', focus: boolean, timeout = CLICK_TIMEOUT_MS): Promise<void> {
    const id = name === 'Approve' ? 'approve' : 'reject';
    const deadline = Date.now() + timeout;
    for (;;) {
      // A window found before its first navigation ends (a new window is about:blank first) is asked again
      // once it holds the wallet's page: its context is destroyed under the evaluate, or it has no button yet.
      let problem: string;
      try {
        problem = await this.buttonProblem(id, focus, Math.max(deadline - Date.now(), 0));
      } catch (error) {
        if (!isNavigatedAway(error) || Date.now() >= deadline) throw error;
        problem = NAVIGATING;
      }
      if (!problem) return;
      if ((problem !== NAVIGATING && !problem.includes(NOT_YET_OURS)) || Date.now() >= deadline) throw new Error(`approval window: ${problem}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** '' once the button is enabled (and focused if asked), else why not, in the window's words. */
  private async buttonProblem(id: string, focus: boolean, timeout: number): Promise<string> {
    // A string, not a function: runners that rename functions (tsx, keepNames) cannot break it.
    return (await this.window.evaluate(`new Promise((resolve) => {
      const start = () => {
        const button = document.getElementById(${JSON.stringify(id)});
        // Where the window stands, so a report says which document it was (a window closing, or not yet the wallet's page).
        if (!button) return resolve('the window has no ${id} button (its document: ' + location.href.split('?')[0] + ', ' + document.readyState + ')' + (location.pathname.endsWith('/popup/approve.html') ? '' : ${JSON.stringify(NOT_YET_OURS)}));
        const done = () => {
          // The wallet's error screen instead of the request: it can only be closed.
          const screen = document.getElementById('screen');
          if (${JSON.stringify(id)} === 'approve' && screen && !screen.hidden) {
            resolve('it shows the wallet error screen "' + document.getElementById('screen-title').textContent + '": ' + document.getElementById('screen-text').textContent + ' (it can only be closed: rejectNext presses its Close button)');
            return true;
          }
          if (button.disabled) return false;
          if (${focus}) button.focus();
          resolve('');
          return true;
        };
        if (done()) return;
        const observer = new MutationObserver(() => done() && (observer.disconnect(), clearTimeout(timer)));
        observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['disabled', 'hidden'] });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve('${id} stayed disabled for ${Math.round(timeout / 1000)} s: ' + (document.getElementById('error')?.textContent || 'the window never showed its details'));
        }, ${timeout});
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
      else start();
    })`)) as string;
  }

  /** Reads once the window's details are on screen: read earlier, a field can still be empty. */
  private async text(id: string): Promise<string> {
    return String(await this.read(`return document.getElementById(${JSON.stringify(id)})?.innerText ?? ''`));
  }

  private async read(body: string): Promise<unknown> {
    try {
      return await this.window.evaluate(onceReady(body));
    } catch (error) {
      throw new Error(`approval window: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
    }
  }

  /** The requesting site, as the window shows it. */
  origin(): Promise<string> {
    return this.text('origin');
  }

  method(): Promise<string> {
    return this.text('method');
  }

  network(): Promise<string> {
    return this.text('network');
  }

  /** The chains a connect request asks for, as the window lists them (e.g. ['bitcoin', 'stacks']). */
  async chains(): Promise<string[]> {
    const listed = (await this.details()).fields['Chains'];
    if (listed === undefined) throw new Error(`this window is a ${await this.method()} request, which lists no chains`);
    return listed.split(', ');
  }

  /** The account the window will approve with (0-based, as in the derivation path). */
  async account(): Promise<number> {
    await this.ready();
    return Number(
      await this.read(
        `return document.getElementById('sign').hidden ? document.getElementById('account').value : document.getElementById('signer').dataset.account`,
      ),
    );
  }

  /** The decoded request as the window shows it, once its details are on screen. */
  async details(): Promise<PromptDetails> {
    return (await this.read(`
      const text = (id) => document.getElementById(id)?.textContent ?? '';
      const signer = document.getElementById('signer');
      const signing = !document.getElementById('sign').hidden;
      const notice = document.getElementById('mismatch');
      const fields = {};
      for (const dt of document.querySelectorAll('#fields dt')) fields[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
      const tables = {};
      for (const table of document.querySelectorAll('#tables table')) {
        const columns = [...table.tHead.rows[0].cells].map((c) => c.textContent ?? '');
        tables[table.caption?.textContent ?? ''] = [...table.tBodies[0].rows].map((row) => Object.fromEntries([...row.cells].map((c, i) => [columns[i], c.textContent ?? ''])));
      }
      const picker = document.getElementById('account');
      return {
        title: text('title'),
        method: text('method'),
        origin: text('origin'),
        network: text('network'),
        account: signing ? Number(signer.dataset.account) : Number(picker.value),
        accountSource: signing ? signer.dataset.source : 'active',
        chosenBy: signing ? text('source') : '',
        ...(!notice.hidden && { notice: notice.textContent ?? '' }),
        findings: [...document.querySelectorAll('#findings li')].map((li) => ({ rule: li.dataset.rule ?? '', message: li.lastChild?.textContent ?? '' })),
        fields,
        tables,
        ...(!document.getElementById('screen').hidden && { screen: { title: text('screen-title'), text: text('screen-text') } }),
      };`)) as PromptDetails;
  }

  /** Full addresses of the selected account, once the window has loaded them. */
  async addresses(): Promise<{ p2wpkh: string; p2tr: string; stx: string }> {
    // The window fills in each address's title once it has derived them.
    return (await this.window.evaluate(`new Promise((resolve, reject) => {
      const deadline = Date.now() + ${READY_TIMEOUT_MS};
      const run = () => {
        const [p2wpkh, p2tr, stx] = ['p2wpkh', 'p2tr', 'stx'].map((id) => document.getElementById(id)?.getAttribute('title'));
        if (p2wpkh && p2tr && stx) return resolve({ p2wpkh, p2tr, stx });
        if (Date.now() > deadline) return reject(new Error('approval window: its addresses did not show within ${READY_TIMEOUT_MS / 1000} s'));
        setTimeout(run, 10);
      };
      run();
    })`)) as { p2wpkh: string; p2tr: string; stx: string };
  }

  /** Switches the window to another account (0-based), as a person would: from the list, or typed. */
  async selectAccount(account: number): Promise<void> {
    if (!Number.isInteger(account) || account < 0 || account > MAX_ACCOUNT) {
      throw new Error(`selectAccount: account must be a whole number from 0 to ${MAX_ACCOUNT} (0-based), got ${String(account)}`);
    }
    await this.ready();
    // From the list when it holds that account, else typed in the number field; both tell the window as input does.
    await this.window.evaluate(`(() => {
      const picker = document.getElementById('account');
      const listed = [...picker.options].some((o) => o.value === '${account}');
      const field = listed ? picker : document.getElementById('other-account');
      field.value = '${account}';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    })()`);
  }

  /**
   * Presses the button as a person at the keyboard would (trusted input: Enter on the focused
   * button, one input event where a mouse click takes three), then returns once the wallet has
   * taken the decision and handed the page its answer (a transaction signed and sent first; a
   * delayed answer: once decided); the window is closing.
   */
  private async click(name: 'Approve' | 'Reject', timeout = CLICK_TIMEOUT_MS): Promise<void> {
    if (!(Number.isFinite(timeout) && timeout > 0)) throw new TypeError(`approval window: timeout must be a positive number of ms, got ${String(timeout)}`);
    await this.enabledButton(name, true, timeout);
    // Counted from the press: the wait for the button above has its own limit.
    const pressedAt = Date.now();
    const closed = this.window.closed();
    const key = new URL(this.window.url).searchParams.get('key');
    const deadline = (): Promise<never> =>
      new Promise((_, reject) => setTimeout(() => reject(new Error('not taken')), Math.max(0, timeout - (Date.now() - pressedAt))));
    try {
      // Pressed first, then asked: the wallet's answer waits for the press's decision (however long
      // it is still signing, as for a large PSBT), and says so if the request is already gone. A
      // probe sent beside the press could open the Firefox kit's control tab, which takes the focus.
      await this.window.pressEnter();
      const probe = this.decided;
      const decided = key && probe ? untilDecided(probe, key, timeout) : Promise.resolve(false);
      await Promise.race([closed, decided.then((yes) => (yes ? undefined : Promise.race([closed, deadline()])))]);
    } catch (error) {
      // The wallet closes the window once it has decided, sometimes before the key press returns.
      await Promise.race([closed.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      if (await this.window.isClosed()) return;
      const said = await this.window.evaluate(`document.getElementById('error')?.textContent ?? ''`).catch(() => '');
      throw new Error(
        `approval window: ${name} was pressed but the wallet did not take it within ${timeout / 1000} s${said ? ` (the window says: ${String(said)})` : ''}`,
        { cause: error },
      );
    }
  }

  /** `timeout`: how long the wallet may take to take the press, in ms (10 000 by default); signing a large PSBT does not count against it. */
  async approve(options: { account?: number; timeout?: number } = {}): Promise<void> {
    if (options.account !== undefined) await this.selectAccount(options.account);
    await this.click('Approve', options.timeout);
  }

  reject(options: { timeout?: number } = {}): Promise<void> {
    return this.click('Reject', options.timeout);
  }

  /** Closes the window without choosing, which the wallet answers as a rejection. */
  close(): Promise<void> {
    return this.window.close();
  }
}

/** Asks the wallet until the request is decided (true) or it gives up on it (false). */
export async function untilDecided(probe: DecidedProbe, key: string, timeoutMs = CLICK_TIMEOUT_MS): Promise<boolean> {
  for (;;) {
    const answer = await probe(key, timeoutMs).catch(() => false as const);
    if (answer !== 'signing') return answer;
  }
}
