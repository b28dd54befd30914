// The test-control surface: a global in the service worker, reachable only through
// the extension's own contexts (Playwright's serviceWorker.evaluate), never from a page.
import type { JsonValue } from '../core/json.ts';
import type { Settings, SettingsPatch } from '../core/settings.ts';

export type CallOutcome = 'pending' | 'approved' | 'rejected' | 'closed' | 'error' | 'dropped';

export interface CallLogEntry {
  /** JSON-RPC id the page's provider gave the call. */
  id: string;
  origin: string;
  url: string;
  tabId: number;
  frameId: number;
  method: string;
  params?: JsonValue;
  /** The page had transient user activation (a click, a key press) when it called. */
  userActivation: boolean;
  outcome: CallOutcome;
  errorCode?: number;
  /** Account the call was answered with. */
  account?: number;
  /** Epoch milliseconds. */
  startedAt: number;
  settledAt?: number;
}

export interface PendingView {
  id: string;
  origin: string;
  method: string;
  params?: JsonValue;
  tabId: number;
  frameId: number;
  windowId?: number;
  createdAt: number;
}

export interface WalletControl {
  getSettings(): Promise<Settings>;
  /** Validated as a whole: a bad field throws and nothing is saved. */
  setSettings(patch: SettingsPatch): Promise<Settings>;
  listPending(): Promise<PendingView[]>;
  /** Answers a pending request as if its window's Approve was clicked. */
  approve(id: string, options?: { account?: number }): Promise<void>;
  /** Answers a pending request as if its window's Reject was clicked. */
  reject(id: string): Promise<void>;
  calls(): Promise<CallLogEntry[]>;
  clearCalls(): Promise<void>;
  /** Defaults back, call log empty, pending requests rejected and their windows closed. */
  reset(): Promise<void>;
}

/** The name of the global in the service worker. */
export const CONTROL_GLOBAL = 'mockWallet';
