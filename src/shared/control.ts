// The test-control surface: a global in the service worker, reachable only through
// the extension's own contexts (Playwright's serviceWorker.evaluate), never from a page.
import type { JsonValue } from '../core/json.ts';
import type { IdentityName, MethodKind } from '../core/choices.ts';
import type { AccountSource } from '../core/methods/method.ts';
import type { Settings, SettingsPatch } from '../core/settings.ts';
import type { MethodNote, UsageFinding } from '../core/usage.ts';
import type { AccountRule } from '../core/choices.ts';
import type { NetworkName } from '../core/networks.ts';

export type CallOutcome = 'pending' | 'approved' | 'rejected' | 'closed' | 'error' | 'dropped';

export interface CallLogEntry {
  /** JSON-RPC id the page's provider gave the call. */
  id: string;
  origin: string;
  url: string;
  tabId: number;
  frameId: number;
  method: string;
  /** Which wallet the page called: absent for the contract's provider, 'xverse' for Xverse's. */
  identity?: IdentityName;
  params?: JsonValue;
  /** The page had transient user activation (a click, a key press) when it called. */
  userActivation: boolean;
  /** When the calling frame last saw a trusted user gesture (epoch ms); absent: never. */
  gestureAt?: number;
  /** What the method does (known once its params parsed): connect, sign or query. */
  kind?: MethodKind;
  /** The wallet's active account when the call arrived. */
  activeAccount?: number;
  /** The account this origin had last connected with when the call arrived, if any. */
  connectedAccount?: number;
  /** A signing call named its account (Bitcoin `account`, Stacks `address`). */
  accountNamed?: boolean;
  /** The account rule in force when a signing call arrived. */
  accountRule?: AccountRule;
  /** What the method noticed before approval (nothing to sign, a recipient of the other network): usage findings. */
  notes?: MethodNote[];
  /** The real wallet would ask its person (a window), whether a person or the approval policy answered here. */
  asksApproval?: true;
  /** Parameters the wallet ignored (the first variant's getAddresses uses none). */
  ignoredParams?: string[];
  outcome: CallOutcome;
  errorCode?: number;
  /** The error's message, as the page got it (at most 300 characters). */
  errorMessage?: string;
  /** Account the call was answered with. */
  account?: number;
  /** Who picked that account: the app (request), the wallet (active), the origin's connection (site), the person (prompt). */
  accountSource?: AccountSource;
  /** The JSON-RPC result the page got. */
  result?: JsonValue;
  /** A signed transaction the call produced (signPsbt with broadcast, sendTransfer). */
  transaction?: LoggedTransaction;
  /** Epoch milliseconds. */
  startedAt: number;
  settledAt?: number;
}

export interface LoggedTransaction {
  chain: 'bitcoin' | 'stacks';
  /** The raw signed transaction, hex. */
  hex: string;
  /** Bitcoin: display-order txid; Stacks: tx.txid(), '' when sponsored. */
  txid: string;
  /** Stacks: the nonce it was signed with. */
  nonce?: number;
  /** Where it was POSTed (bitcoinBroadcastUrl, stacksNodeUrl); absent: it went nowhere. */
  sentTo?: string;
  /** The node's refusal, when it refused. */
  error?: string;
}

export interface PendingView {
  id: string;
  origin: string;
  method: string;
  /** Which wallet the page called: absent for the contract's provider, 'xverse' for Xverse's. */
  identity?: IdentityName;
  params?: JsonValue;
  /** The account that will act (signing methods) or the window opened on (getAddresses), and who picked it. */
  account: number;
  accountSource: AccountSource;
  network: string;
  tabId: number;
  frameId: number;
  windowId?: number;
  createdAt: number;
}

export interface WalletControl {
  getSettings(): Promise<Settings>;
  /** What was invalid in the stored settings (each fell back to its default); empty once saved again. */
  settingsProblems(): Promise<string[]>;
  /** Validated as a whole: a bad field throws and nothing is saved. */
  setSettings(patch: SettingsPatch): Promise<Settings>;
  listPending(): Promise<PendingView[]>;
  /** Answers a pending request as if its window's Approve was clicked. */
  approve(id: string, options?: { account?: number }): Promise<void>;
  /** Answers a pending request as if its window's Reject was clicked. */
  reject(id: string): Promise<void>;
  /**
   * True once the request under this window key (its URL's `key`) is answered in its page (its
   * transaction signed and sent first; a delayed answer: once decided), or gone; false, or
   * 'signing' while the wallet still works on it, after `timeoutMs`. The kit returns from a
   * click in the window on it.
   */
  decided(key: string, timeoutMs: number): Promise<boolean | 'signing'>;
  calls(): Promise<CallLogEntry[]>;
  clearCalls(): Promise<void>;
  /** Where the calls since the last reset broke the contract's usage rules (core/usage.ts). */
  usage(): Promise<UsageFinding[]>;
  /** What a test's end checks, in one round trip: the requests still waiting, and the usage findings. */
  testEnd(): Promise<{ pending: PendingView[]; usage: UsageFinding[] }>;
  /** Defaults back (with `keep` applied over them: a kit keeps its warmWindow so), nothing waiting, log empty. */
  reset(keep?: SettingsPatch): Promise<void>;
  /** The wallet's next Stacks nonce for an account (default: the active one) on a network (default: the wallet's). */
  stacksNonce(options?: { account?: number; network?: NetworkName }): Promise<number>;
  /** Sets it, as a person would after a transaction made elsewhere; a bad value throws, naming it. */
  setStacksNonce(nonce: number, options?: { account?: number; network?: NetworkName }): Promise<void>;
  /** Whether the warm approval windows (setting warmWindow: a pool of two, or maxOpenWindows if lower) are all loaded and waiting for a request. */
  warmReady(): Promise<boolean>;
  /** Resolves once the keys of the listed accounts are derived and cached (background/store/prederive.ts). */
  prederived(): Promise<void>;
}

/** The name of the global in the service worker. */
export const CONTROL_GLOBAL = 'mockWallet';

/**
 * For testing the wallet itself (this project's durability tests), on a global of its own: not part of the
 * control object the kits drive. The worker's reset() turns both off.
 */
export interface TestHooks {
  /** Decide and store answers but do not deliver them, as a worker stopped between deciding and delivering would. */
  holdDelivery(hold: boolean): Promise<void>;
  /** Sign and store approved transactions but do not send them, as a worker stopped between signing and sending would. */
  holdSending(hold: boolean): Promise<void>;
  /** Give approval windows back to the warm pool but do not load them again, as a worker stopped right after giving one back leaves them. */
  holdWarmReload(hold: boolean): Promise<void>;
}

/** The name of the test hooks' global in the service worker. */
export const TEST_HOOKS_GLOBAL = 'mockWalletTestHooks';
