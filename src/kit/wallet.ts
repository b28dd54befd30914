// The `wallet` a test talks to: what the user does with their wallet, in plain verbs. Written
// once over a KitDriver; the Playwright and Puppeteer kits each add what only their driver can do.
import type { NetworkName } from '../core/networks.ts';
import type { ApprovalPolicy, IdentityName, Variant, WalletName } from '../core/choices.ts';
import { WALLETS, CONTRACT_WALLET, walletFor } from '../wallets/index.ts';
import { methodNamed } from '../core/request.ts';
import type { Settings, SettingsPatch } from '../core/settings.ts';
import type { CallLogEntry, PendingView } from '../shared/control.ts';
import type { UsageFinding } from '../core/usage.ts';
import type { KitDriver, PromptWindow } from './driver.ts';
import { Prompt } from './prompt.ts';

const DEFAULT_TIMEOUT_MS = 5_000;
/** How long a window that vanished under the kit may take to show up again for the same request. */
const REPLACED_MS = 3_000;

export class WalletApi<H> {
  private readonly unclaimed: PromptWindow<H>[] = [];
  private readonly waiters: ((window: PromptWindow<H>) => void)[] = [];
  private readonly warned = new Set<string>();
  /** When the last reset began: every window opened before it held a request the reset withdrew. */
  private resetAt = 0;
  /** Settings reset() keeps over the defaults (the Playwright kit keeps warmWindow on so). */
  private baseline: SettingsPatch = {};

  constructor(protected readonly driver: KitDriver<H>) {
    driver.watchPrompts((window) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(window);
      else this.unclaimed.push(window);
    });
  }

  /** The next approval window: one already open and not yet handled, or the next to open. */
  async nextPrompt(options: { timeout?: number } = {}): Promise<Prompt<H>> {
    return this.prompt(await this.nextWindow(options));
  }

  private async nextWindow(options: { timeout?: number }): Promise<PromptWindow<H>> {
    const since = Date.now();
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    for (;;) {
      const waiting = this.unclaimed.shift();
      const window = waiting ?? (await this.nextOpened(since + timeout - Date.now()));
      if (!window) throw new Error(await this.noPromptMessage(timeout, since));
      // A window opened before the last reset held a request the reset withdrew (one seen late, as it
      // closed, was handed to the next test in a CI run); one found waiting may have been answered since.
      if (window.openedAt < this.resetAt) continue;
      if (!waiting || (!(await window.isClosed()) && !(await this.answered(window)))) return window;
    }
  }

  /**
   * Acts in the next window. A window gone before it could be pressed, whose request still waits, is
   * followed to the window that replaced it for the same request (a loaded Chromium once swapped the
   * page under the kit: 'Target closed', then 'the window has no approve button').
   */
  private async inNextWindow(options: { timeout?: number }, act: (prompt: Prompt<H>) => Promise<void>): Promise<void> {
    const window = await this.nextWindow(options);
    try {
      await act(this.prompt(window));
    } catch (error) {
      const key = new URL(window.url).searchParams.get('key');
      if (key === null || !(await window.isClosed()) || (await this.answered(window))) throw error;
      const again = await this.windowFor(key, REPLACED_MS);
      if (!again) throw error;
      await act(this.prompt(again));
    }
  }

  /** A window found for this request key within `ms` (others stay where they were), or undefined. */
  private async windowFor(key: string, ms: number): Promise<PromptWindow<H> | undefined> {
    const deadline = Date.now() + ms;
    const isFor = (w: PromptWindow<H>): boolean => new URL(w.url).searchParams.get('key') === key;
    for (;;) {
      const index = this.unclaimed.findIndex(isFor);
      if (index >= 0) return this.unclaimed.splice(index, 1)[0];
      const window = await this.nextOpened(deadline - Date.now());
      if (!window) return undefined;
      if (isFor(window)) return window;
      this.unclaimed.push(window);
    }
  }

  /** The next window the driver finds within `ms`, or undefined. */
  private nextOpened(ms: number): Promise<PromptWindow<H> | undefined> {
    if (ms <= 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter = (window: PromptWindow<H>): void => {
        clearTimeout(timer);
        resolve(window);
      };
      this.waiters.push(waiter);
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(undefined);
      }, ms);
    });
  }

  /**
   * Whether the window's request was already answered or withdrawn (a window seen late, as it
   * closes, after its test or a reset is done with it): such a window is nobody's next prompt.
   */
  private async answered(window: PromptWindow<H>): Promise<boolean> {
    const key = new URL(window.url).searchParams.get('key');
    return key !== null && (await this.driver.control('decided', key, 0).catch(() => false)) === true;
  }

  /** A window the kit clicks in; it learns from the wallet when its click was taken. */
  private prompt(window: PromptWindow<H>): Prompt<H> {
    return new Prompt(window, (key, timeoutMs) => this.driver.control('decided', key, timeoutMs));
  }

  /** Why no window came: the page's requests since the helper was called (else its last few), each with what became of it. */
  private async noPromptMessage(timeout: number, since: number): Promise<string> {
    const [calls, settings] = await Promise.all([this.calls(), this.settings()]);
    const made = connectCalls(calls, settings.identities);
    let message = `no approval window opened within ${timeout / 1000} s; the page made ${made}`;
    if (settings.approvalPolicy !== 'prompt')
      message += ` (approval policy is "${settings.approvalPolicy}", so no window opens; use setApprovalPolicy('prompt'))`;
    const recent = calls.filter((c) => c.startedAt >= since - 1000);
    const shown = recent.length > 0 ? recent : calls.slice(-3);
    if (shown.length === 0) return `${message}. The page made no request at all: did the app call the wallet?`;
    const heading =
      recent.length > 0 ? "The page's requests since this helper was called" : `No request since this helper was called; the page's last ${shown.length}`;
    return `${message}. ${heading}:\n${shown
      .slice(-10)
      .map((c) => `  - ${describeCall(c)}`)
      .join('\n')}`;
  }

  /** Waits for the next approval window and clicks Approve, after switching account if asked. */
  async approveNext(options: { account?: number; timeout?: number } = {}): Promise<void> {
    await this.inNextWindow(options, (prompt) => prompt.approve(options.account === undefined ? {} : { account: options.account }));
  }

  async rejectNext(options: { timeout?: number } = {}): Promise<void> {
    await this.inNextWindow(options, (prompt) => prompt.reject());
  }

  async closeNextPrompt(options: { timeout?: number } = {}): Promise<void> {
    await (await this.nextPrompt(options)).close();
  }

  /** The wallet's settings; warns (once per problem) when stored ones were invalid and fell back to defaults. */
  async settings(): Promise<Settings> {
    const [settings, problems] = await Promise.all([this.driver.control('getSettings'), this.settingsProblems()]);
    for (const problem of problems) {
      if (this.warned.has(problem)) continue;
      this.warned.add(problem);
      console.warn(`mock wallet: ${problem}`);
    }
    return settings;
  }

  /** Invalid stored settings the wallet found (each fell back to its default); empty when all were valid. */
  settingsProblems(): Promise<string[]> {
    return this.driver.control('settingsProblems');
  }

  /** Validated as a whole: a bad field throws a readable error and nothing changes. */
  setSettings(patch: SettingsPatch): Promise<Settings> {
    return this.driver.control('setSettings', patch);
  }

  /** 0-based, as in the derivation path: setActiveAccount(6) is "Account 7". */
  async setActiveAccount(account: number): Promise<void> {
    await this.setSettings({ activeAccount: account });
  }

  async setNetwork(network: NetworkName): Promise<void> {
    await this.setSettings({ network });
  }

  async setVariant(variant: Variant): Promise<void> {
    await this.setSettings({ variant });
  }

  async setMnemonic(mnemonic: string, passphrase = ''): Promise<void> {
    await this.setSettings({ mnemonic, passphrase });
  }

  async setApprovalPolicy(policy: ApprovalPolicy): Promise<void> {
    await this.setSettings({ approvalPolicy: policy });
  }

  /** The wallet's next Stacks nonce for an account (default: the active one) on a network (default: the wallet's). */
  stacksNonce(options: { account?: number; network?: NetworkName } = {}): Promise<number> {
    return this.driver.control('stacksNonce', options);
  }

  /** Sets the wallet's next Stacks nonce, as a person would after a transaction made elsewhere. */
  setStacksNonce(nonce: number, options: { account?: number; network?: NetworkName } = {}): Promise<void> {
    return this.driver.control('setStacksNonce', nonce, options);
  }

  /** Every call the wallet saw, oldest first. */
  calls(): Promise<CallLogEntry[]> {
    return this.driver.control('calls');
  }

  clearCalls(): Promise<void> {
    return this.driver.control('clearCalls');
  }

  /**
   * Where the app broke the contract's usage rules since the last reset (or clearCalls):
   * one finding per broken rule, with the calls involved and how to fix it.
   */
  usage(): Promise<UsageFinding[]> {
    return this.driver.control('usage');
  }

  /** What a test's end checks, in one round trip: the requests still waiting, and the usage findings. */
  testEnd(): Promise<{ pending: PendingView[]; usage: UsageFinding[] }> {
    return this.driver.control('testEnd');
  }

  /** Requests waiting for approval, oldest first. */
  pending(): Promise<PendingView[]> {
    return this.driver.control('listPending');
  }

  /** Approves a pending request from code, without clicking its window. Approving it again does nothing. */
  approve(id: string, options: { account?: number } = {}): Promise<void> {
    return this.driver.control('approve', id, options);
  }

  /** Rejects a pending request from code, without clicking its window. */
  reject(id: string): Promise<void> {
    return this.driver.control('reject', id);
  }

  /**
   * What reset() restores on top of the defaults, from now on: e.g. `{ warmWindow: true }`.
   * Checked as setSettings is, at the next reset. The Playwright kit sets its warmWindow option so.
   */
  setBaseline(patch: SettingsPatch): void {
    this.baseline = { ...patch };
  }

  /** Adds to what reset() restores, and applies it now: how the Playwright kit's chain fixture points the wallet at its chain. */
  async extendBaseline(patch: SettingsPatch): Promise<void> {
    this.baseline = { ...this.baseline, ...patch };
    await this.setSettings(patch);
  }

  /** Whether the warm approval windows (setting warmWindow: a pool of two, or maxOpenWindows if lower) are all loaded and waiting for a request. */
  warmReady(): Promise<boolean> {
    return this.driver.control('warmReady');
  }

  /** Resolves once the wallet has derived and cached the keys of its listed accounts (it does so in idle time after a change). */
  prederived(): Promise<void> {
    return this.driver.control('prederived');
  }

  /** Defaults back (with the baseline over them), call log empty, pending requests withdrawn and their windows closed. */
  async reset(): Promise<void> {
    this.resetAt = Date.now();
    await this.driver.control('reset', this.baseline);
    this.unclaimed.length = 0;
  }
}

/**
 * The connect calls of the wallets in use, for a helper that found no window: each wallet the settings turn on (its
 * connect methods named when the page made none), and the contract's getAddresses when no other wallet is on or the
 * page called it. On a page that calls another wallet's provider, "0 getAddresses calls" alone said nothing of the calls that mattered.
 */
export function connectCalls(calls: readonly CallLogEntry[], identities: readonly IdentityName[]): string {
  const contract = calls.filter((c) => !c.identity && c.method === 'getAddresses').length;
  const parts = identities.length === 0 || contract > 0 ? [`${contract} getAddresses call${contract === 1 ? '' : 's'}`] : [];
  // The calls made to each wallet in use: those the settings turn on, then any other the log names, in its order.
  const byWallet = new Map<IdentityName, CallLogEntry[]>(identities.map((identity) => [identity, []]));
  for (const c of calls) {
    if (!c.identity) continue;
    const made = byWallet.get(c.identity);
    if (made) made.push(c);
    else byWallet.set(c.identity, [c]);
  }
  for (const [identity, made] of byWallet) {
    const wallet = walletFor(identity);
    const counts = new Map<string, number>();
    for (const { method } of made) if (methodNamed(wallet, method)?.kind === 'connect') counts.set(method, (counts.get(method) ?? 0) + 1);
    if (counts.size === 0) {
      // A record's connect methods can sit on several objects (bitcoin.connect, bitcoinTestnet.connect): each name once.
      const names = [
        ...new Set(
          Object.keys(wallet.methods)
            .filter((name) => wallet.methods[name]!.kind === 'connect')
            .map((name) => name.split('.').at(-1)),
        ),
      ];
      parts.push(`no connect call to ${wallet.title}${names.length > 0 ? ` (${names.join(', ')})` : ''}`);
    }
    for (const [method, n] of counts) parts.push(`${n} ${method} call${n === 1 ? '' : 's'} to ${wallet.title}`);
  }
  return parts.join(', ');
}

/** One call in a person's words: its method and what became of it, e.g. `stx_transferStx: refused at once: -32602 recipient …`. */
export function describeCall(entry: CallLogEntry): string {
  // "wallet_connect (Xverse)": which wallet the page called, when it was not the contract's provider.
  const call = entry.identity ? { ...entry, method: `${entry.method} (${walletFor(entry.identity).title})` } : entry;
  const at = call.settledAt !== undefined ? call.settledAt - call.startedAt : undefined;
  const quick = at !== undefined && call.outcome === 'error' && at < 1000 && call.account === undefined;
  switch (call.outcome) {
    case 'error':
      return `${call.method}: ${quick ? 'refused at once' : 'answered with an error'}: ${call.errorCode ?? '?'} ${call.errorMessage ?? ''}`.trimEnd();
    case 'pending':
      return `${call.method}: still waiting for approval (its window is open, or a faulted answer is delayed)`;
    case 'approved':
      return `${call.method}: approved${call.account !== undefined ? ` for Account ${call.account + 1}` : ''}`;
    case 'rejected':
    case 'closed':
      return `${call.method}: ${call.outcome} (${call.errorCode ?? '?'})`;
    case 'dropped':
      return `${call.method}: dropped (its page or frame went away)`;
  }
}

/** What both kits' pickers (pickInConnectModal, pickInSatsConnect, pickInAppKit) take. */
export interface PickOptions {
  /** How long the row may take to show, ms: 5 000 by default, 10 000 for pickInAppKit (APPKIT_PICK_TIMEOUT_MS). */
  timeout?: number;
  /** The wallet whose row to pick (e.g. 'xverse', or a walletProjects() run's walletName); by default the contract's provider's ('leather'). */
  identity?: WalletName;
}

const recordOf = (identity: WalletName | undefined) => WALLETS[identity ?? CONTRACT_WALLET];

/**
 * The pickers the kits click in: @stacks/connect's modal (connect()), sats-connect's selector (Wallet.request() with
 * no provider chosen) and Reown AppKit's modal (the app's open()).
 */
export type Picker = 'stacksConnect' | 'satsConnect' | 'appKit';
const PICKER_WORDS: Record<Picker, { what: string; opened: string }> = {
  stacksConnect: { what: '@stacks/connect wallet picker', opened: 'did the app call connect()?' },
  satsConnect: { what: 'sats-connect wallet selector', opened: 'did the app call Wallet.request() with no wallet chosen?' },
  appKit: { what: 'Reown AppKit modal', opened: "did the app open it (AppKit's open())?" },
};

/**
 * Reown AppKit's modal (@reown/appkit-scaffold-ui 1.8.23): a <w3m-modal> web component whose wallets are
 * <w3m-list-wallet> rows, each a button showing the wallet's name, in open shadow roots.
 */
export const APPKIT_MODAL = 'w3m-modal';
/** AppKit's open() shows its rows only once its wallet list was fetched (ApiController.prefetch), or failed: seconds on a slow network or a busy machine. */
export const APPKIT_PICK_TIMEOUT_MS = 10_000;
export const APPKIT_ROW = 'w3m-list-wallet';
/** A page script: every AppKit wallet row in the open modal, through the shadow roots from the modal down. */
export const APPKIT_ROWS = `(() => {
  const rows = [];
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.localName === '${APPKIT_ROW}') rows.push(element);
      else if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  for (const modal of document.querySelectorAll('${APPKIT_MODAL}')) if (modal.shadowRoot) visit(modal.shadowRoot);
  return rows;
})()`;
/** A page script: the names the AppKit rows show (each row's name property, the text its button shows). */
export const APPKIT_ROW_NAMES = `${APPKIT_ROWS}.map((row) => String(row.name ?? row.textContent).trim())`;

/** The name the wallet's row shows in that picker (its record's); a wallet the picker does not list is said at once. */
export function pickerRowName(identity: WalletName | undefined, picker: Picker = 'stacksConnect'): string {
  const wallet = recordOf(identity);
  const name = wallet.pickers[picker];
  if (name === undefined) throw new Error(`the ${PICKER_WORDS[picker].what} does not list ${wallet.title}`);
  return name;
}

/** Why this wallet's row was not there to click, from the rows the picker lists. */
export function pickerProblem(listed: string[], identity?: WalletName, picker: Picker = 'stacksConnect'): string {
  if (listed.length === 0) return `no ${PICKER_WORDS[picker].what} is open on this page (${PICKER_WORDS[picker].opened})`;
  const problem = `the picker lists ${listed.map((t) => JSON.stringify(t.split('\n')[0])).join(', ')}, not "${pickerRowName(identity, picker)}"`;
  // A wallet that connectors find under another name shows its row only with that name on (walletProjects turns it on).
  const { exposeAs = [], title } = recordOf(identity);
  return exposeAs.length === 0
    ? problem
    : `${problem}: is the setting exposeAs ${JSON.stringify(exposeAs)} on? (a walletProjects() project for ${title} turns it on)`;
}
