// What a test kit needs from a browser driver (Playwright, Puppeteer): call the wallet's control
// object in its own context, and find, read and press its approval windows. The wallet API in
// wallet.ts and prompt.ts is written once over this.
import type { WalletControl } from '../shared/control.ts';

/** One approval window, as a driver sees it. `H` is the driver's own page type. */
export interface PromptWindow<H> {
  /** The driver's page, for tests that want to do more with the window. */
  readonly page: H;
  /** The window's address as it was found (its `key` parameter names the request). */
  readonly url: string;
  /** When the driver first saw it hold a request (Date.now()): a new window as it was created, a warm one as a request took it. */
  readonly openedAt: number;
  /** Runs a script (a string, so runners that rename functions cannot break it) and returns its JSON-able result. */
  evaluate(script: string): Promise<unknown>;
  /** Presses Enter as a person at the keyboard would: trusted input, on the focused element. */
  pressEnter(): Promise<void>;
  /** Resolves once the window is closed; a driver that cannot tell never resolves it (the wallet is asked instead). */
  closed(): Promise<void>;
  /** Whether the window is gone; asked of the window itself where the driver's own list can lag. */
  isClosed(): Promise<boolean>;
  /** Closes the window as a person would, which the wallet answers as a rejection. */
  close(): Promise<void>;
}

export interface KitDriver<H> {
  /** Calls one method of the wallet's control object (src/background/control.ts) in the wallet's own context. */
  control<K extends keyof WalletControl>(method: K, ...args: Parameters<WalletControl[K]>): Promise<Awaited<ReturnType<WalletControl[K]>>>;
  /** Calls back with each approval window the wallet opens, in the order they open. */
  watchPrompts(found: (window: PromptWindow<H>) => void): void;
}

/** An approval window's address names its request (a warm window's does once one takes it). */
export const holdsRequest = (url: string): boolean => new URL(url).searchParams.has('key');
