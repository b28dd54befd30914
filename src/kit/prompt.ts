// One approval window, as the person in front of it sees it. Read and pressed through the
// driver's PromptWindow (scripts in the window, Enter at the keyboard), so every kit shares it.
import { APPROVAL_API, type ApprovalWindowApi, type PromptButton, type PromptDetails } from '../shared/approval-window.ts';
import { AGAIN_EVENT, HELD_ADDRESS_SCRIPT } from '../shared/messages.ts';
import { MAX_ACCOUNT } from '../core/account-path.ts';
import type { PromptWindow } from './driver.ts';

export type { PromptDetails } from '../shared/approval-window.ts';

/** Asks the wallet whether the request behind a window key is decided (the kit's Wallet does). */
export type DecidedProbe = (key: string, timeoutMs: number) => Promise<boolean | 'signing'>;

const CLICK_TIMEOUT_MS = 10_000;
/** Said of a window whose document is not the approval page yet (it is still navigating to it). */
const NOT_YET_OURS = ' (not the approval page yet)';
const NAVIGATING = 'its document was replaced while it was asked';
/** Playwright's and Puppeteer's words for an evaluate whose document navigated away under it. */
const isNavigatedAway = (error: unknown): boolean => error instanceof Error && /Execution context was destroyed|because of a navigation/i.test(error.message);
const READY_TIMEOUT_MS = 10_000;

/**
 * A call of the window's contract as the window answers it: its value; where the window stood when it had no
 * contract yet; or, the window no longer holding this prompt's request, what it holds now (the wallet gives a
 * window back to its warm pool once its request is done, and another request may take it).
 */
type Reply<T> = { value: T } | { missing: string; ours: boolean } | { holds: string | null };

/**
 * The script that calls `name` of the window's contract (src/shared/approval-window.ts), once its document is
 * parsed, if the window still holds request `key`. A string, not a function: runners that rename functions
 * (tsx, keepNames) cannot break it.
 */
const callScript = (name: keyof ApprovalWindowApi, args: readonly unknown[], key: string | null): string => `new Promise((resolve, reject) => {
  const held = () => new URL(${HELD_ADDRESS_SCRIPT}).searchParams.get('key');
  const go = () => {
    const api = globalThis[${JSON.stringify(APPROVAL_API)}];
    if (!api) return resolve({ missing: location.href.split('?')[0] + ', ' + document.readyState, ours: location.pathname.endsWith('/popup/approve.html') });
    if (${JSON.stringify(key)} !== null && held() !== ${JSON.stringify(key)}) return resolve({ holds: held() });
    // Given back to the pool while this waits (the window draws itself again, the same document): it ends there,
    // and an answer that comes after is the window's next request's, not this one's.
    const again = () => resolve({ holds: held() });
    if (${JSON.stringify(key)} !== null) addEventListener(${JSON.stringify(AGAIN_EVENT)}, again, { once: true });
    Promise.resolve(api[${JSON.stringify(name)}](...${JSON.stringify(args)})).then(
      (value) => resolve(${JSON.stringify(key)} !== null && held() !== ${JSON.stringify(key)} ? { holds: held() } : { value }),
      reject,
    ).finally(() => removeEventListener(${JSON.stringify(AGAIN_EVENT)}, again));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
})`;

export class Prompt<H = unknown> {
  /** The request this prompt is for, as its window's address named it when found. */
  private readonly key: string | null;

  constructor(
    private readonly window: PromptWindow<H>,
    private readonly decided?: DecidedProbe,
  ) {
    this.key = new URL(window.url).searchParams.get('key');
  }

  /** Calls the window's contract; a window without it says where it stood (its document, and whether it is the approval page yet). */
  private async call<K extends keyof ApprovalWindowApi>(
    name: K,
    ...args: Parameters<ApprovalWindowApi[K]>
  ): Promise<Awaited<ReturnType<ApprovalWindowApi[K]>>> {
    const reply = (await this.window.evaluate(callScript(name, args, this.key))) as Reply<Awaited<ReturnType<ApprovalWindowApi[K]>>>;
    if ('value' in reply) return reply.value;
    if ('holds' in reply)
      throw new Reused(
        `its request was answered or withdrawn, and the wallet gave the window back to its warm pool (it now ${reply.holds === null ? 'waits for the next request' : 'holds another request'}): use the next prompt`,
      );
    throw new MissingContract(`the window has no approval page script (its document: ${reply.missing})${reply.ours ? '' : NOT_YET_OURS}`);
  }

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
    const button: PromptButton = name === 'Approve' ? 'approve' : 'reject';
    const deadline = Date.now() + timeout;
    for (;;) {
      // A window found before its first navigation ends (a new window is about:blank first) is asked again
      // once it holds the wallet's page: its context is destroyed under the evaluate, or it has no contract yet.
      let problem: string;
      try {
        problem = await this.call('buttonProblem', button, focus, Math.max(deadline - Date.now(), 0));
      } catch (error) {
        if (!(isNavigatedAway(error) || error instanceof MissingContract) || Date.now() >= deadline)
          throw error instanceof MissingContract || error instanceof Reused ? new Error(`approval window: ${error.message}`) : error;
        problem = error instanceof MissingContract ? error.message : NAVIGATING;
      }
      if (!problem) return;
      if ((problem !== NAVIGATING && !problem.includes(NOT_YET_OURS)) || Date.now() >= deadline) throw new Error(`approval window: ${problem}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A reading of the window's contract, its failure said as the window's. */
  private async read<K extends keyof ApprovalWindowApi>(
    name: K,
    ...args: Parameters<ApprovalWindowApi[K]>
  ): Promise<Awaited<ReturnType<ApprovalWindowApi[K]>>> {
    try {
      return await this.call(name, ...args);
    } catch (error) {
      throw new Error(`approval window: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
    }
  }

  /** The requesting site, as the window shows it. */
  async origin(): Promise<string> {
    return (await this.details()).origin;
  }

  async method(): Promise<string> {
    return (await this.details()).method;
  }

  async network(): Promise<string> {
    return (await this.details()).network;
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
    return this.read('account', READY_TIMEOUT_MS);
  }

  /** The decoded request as the window shows it, once its details are on screen. */
  details(): Promise<PromptDetails> {
    return this.read('details', READY_TIMEOUT_MS);
  }

  /** Full addresses of the selected account, once the window has loaded them. */
  addresses(): Promise<{ p2wpkh: string; p2tr: string; stx: string }> {
    return this.read('addresses', READY_TIMEOUT_MS);
  }

  /** Switches the window to another account (0-based), as a person would: from the list, or typed. */
  async selectAccount(account: number): Promise<void> {
    if (!Number.isInteger(account) || account < 0 || account > MAX_ACCOUNT) {
      throw new Error(`selectAccount: account must be a whole number from 0 to ${MAX_ACCOUNT} (0-based), got ${String(account)}`);
    }
    await this.ready();
    await this.read('selectAccount', account);
  }

  /**
   * Presses the button as a person at the keyboard would (trusted input: Enter on the focused
   * button, one input event where a mouse click takes three), then returns once the wallet has
   * taken the decision and handed the page its answer (a transaction signed and sent first; a
   * delayed answer: once decided); the window is closing, or going back to the wallet's warm pool.
   */
  private async click(name: 'Approve' | 'Reject', timeout = CLICK_TIMEOUT_MS): Promise<void> {
    if (!(Number.isFinite(timeout) && timeout > 0)) throw new TypeError(`approval window: timeout must be a positive number of ms, got ${String(timeout)}`);
    await this.enabledButton(name, true, timeout);
    // Counted from the press: the wait for the button above has its own limit.
    const pressedAt = Date.now();
    const closed = this.window.closed();
    const key = this.key;
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
      // The wallet closes the window, or gives it back to its pool, once it has decided, sometimes before the key press returns.
      if (key && this.decided && (await untilDecided(this.decided, key, 1_000))) return;
      await Promise.race([closed.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      if (await this.window.isClosed()) return;
      const said = await this.call('error').catch(() => '');
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

  /**
   * Closes the window without choosing, which the wallet answers as a rejection. A window whose request is
   * already answered or withdrawn is the wallet's again (back in its warm pool, perhaps loading): left to it,
   * since Chrome drops a page close that comes during a load and the close would never return.
   */
  async close(): Promise<void> {
    if (this.key && this.decided && (await this.decided(this.key, 0).catch(() => false)) === true) return;
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

/** A window that has not run the approval page's script (yet): where it stood is the message. */
class MissingContract extends Error {}
/** A window that holds another request now, or none: the wallet reused it. */
class Reused extends Error {}
