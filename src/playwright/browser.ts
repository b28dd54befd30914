// Finds a Chromium that honours --load-extension and launches it with the wallet loaded.
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { CONTROL_GLOBAL, type WalletControl } from '../shared/control.ts';
import { ownedProfileDir, removeProfileDir } from '../kit/profile-dir.ts';
import { disableFeaturesSwitch, playwrightVersion } from './chrome-features.ts';
import {
  EXTENSION_NUDGE_MS,
  EXTENSION_START_MS,
  WalletSetupError,
  chromiumArgs,
  extensionPath,
  findChromiumAmong,
  unpackedExtensionId,
  withTimeout,
} from '../kit/setup.ts';

export { WalletSetupError, extensionPath };

/** No control call takes this long on a live worker; one that does was stopped under it. */
const CONTROL_TIMEOUT_MS = 20_000;
/** How long a control call runs before the kit asks Chrome whether the worker is still running, and how often after. */
const LIVENESS_CHECK_MS = 500;

/** CHROMIUM_PATH, then Playwright's own Chromium, then the system's. */
export function findChromium(env: Record<string, string | undefined> = process.env): string {
  return findChromiumAmong([safePlaywrightChromium()], env);
}

function safePlaywrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The wallet's service worker once it runs in a context just launched. If Chromium has not started it after
 * EXTENSION_NUDGE_MS, it is started through CDP (ServiceWorker.startWorker on `origin`, the id Chromium gives the
 * unpacked extension), as a stopped worker is woken; a failed nudge leaves the wait as it was.
 */
async function walletWorker(context: BrowserContext, origin: string): Promise<Worker> {
  const isWallet = (w: Worker): boolean => w.url().startsWith('chrome-extension://');
  const running = context.serviceWorkers().find(isWallet);
  if (running) return running;
  const seen = context.waitForEvent('serviceworker', { predicate: isWallet, timeout: EXTENSION_START_MS });
  const nudge = setTimeout(() => void startWalletWorker(context, origin).catch(() => undefined), EXTENSION_NUDGE_MS);
  try {
    return await seen;
  } finally {
    clearTimeout(nudge);
  }
}

/** Starts the extension's worker at `origin` through CDP, whether or not Chromium has started it yet. */
export async function startWalletWorker(context: BrowserContext, origin: string): Promise<void> {
  const cdp = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.startWorker', { scopeURL: origin });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export interface LaunchOptions {
  headless?: boolean;
  baseURL?: string;
  /** Keep settings between launches by passing the same directory. */
  userDataDir?: string;
  slowMo?: number;
}

/**
 * Whether a control call failed because the worker lost it, not because the wallet refused it:
 * such a call is asked once more. The worker stopped between lookup and call ("No SW" is Chrome
 * refusing an extension API call from a worker whose process is already gone), or the call's
 * promise was collected unanswered (seen once in CI, on a setSettings whose chain awaits only
 * storage): asked again, it answers or fails with its own message.
 */
export function isLostCall(message: string): boolean {
  return /Target (page, context or browser )?(has been )?closed|Execution context was destroyed|Service worker restarted|\bNo SW\b|promise was garbage collected/i.test(
    message,
  );
}

export class WalletBrowser {
  private current: Worker | undefined;
  /**
   * Set by stopServiceWorker. Playwright may keep listing the stopped worker (and reuse
   * the same object once it restarts): an evaluate on it while stopped never returns, so
   * the next call wakes it first.
   */
  private stoppedByKit = false;

  private constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
    worker: Worker,
    private readonly ownedDir: string | undefined,
  ) {
    this.track(worker);
    // Closed by close(), by the person at the window or by its process ending: the profile goes with it.
    if (ownedDir) context.once('close', () => void removeProfileDir(ownedDir));
    context.on('serviceworker', (w) => {
      if (w.url().startsWith(this.origin)) this.track(w);
    });
  }

  get origin(): string {
    return `chrome-extension://${this.extensionId}/`;
  }

  private track(worker: Worker): void {
    this.current = worker;
    worker.once('close', () => {
      if (this.current === worker) this.current = undefined;
    });
  }

  static async launch(options: LaunchOptions = {}): Promise<WalletBrowser> {
    const executablePath = findChromium();
    const extension = extensionPath();
    const ownedDir = options.userDataDir ? undefined : await ownedProfileDir();
    const context = await chromium.launchPersistentContext(options.userDataDir ?? ownedDir!, {
      executablePath,
      headless: options.headless ?? true,
      // Each window keeps its own size: the approval window is 400×620 as the wallet opens it.
      viewport: null,
      ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
      ...(options.slowMo !== undefined && { slowMo: options.slowMo }),
      args: chromiumArgs(extension, disableFeaturesSwitch(playwrightVersion())),
    });
    try {
      const worker = await walletWorker(context, `chrome-extension://${unpackedExtensionId(extension)}/`);
      const extensionId = new URL(worker.url()).host;
      return new WalletBrowser(context, extensionId, worker, ownedDir);
    } catch (error) {
      await context.close();
      if (ownedDir) await removeProfileDir(ownedDir);
      throw new WalletSetupError(
        `Chromium started but the wallet extension did not load (${String(error)}). Is ${executablePath} a Chromium that honours --load-extension?`,
      );
    }
  }

  /** The running service worker; wakes it if it was stopped. */
  async worker(): Promise<Worker> {
    if (this.stoppedByKit) {
      await this.wake();
      this.stoppedByKit = false;
    }
    if (this.current) return this.current;
    const listed = (): Worker | undefined => this.context.serviceWorkers().find((w) => w.url().startsWith(this.origin));
    let live = listed();
    if (!live) {
      await this.wake();
      for (let waited = 0; !(live = listed()) && waited < 3_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    }
    if (!live) {
      throw new WalletSetupError(
        "the wallet's service worker is stopped and did not restart for the test; let the page call the wallet (or click in an approval window) first, which wakes it",
      );
    }
    this.track(live);
    return live;
  }

  /**
   * Starts the worker with CDP's ServiceWorker.startWorker and waits until it runs. After
   * CDP's stopWorker, Chrome does not always restart it for a message from the wallet's pages.
   */
  private async wake(anchor?: Page): Promise<void> {
    await this.serviceWorkerCdp(anchor, async (cdp, status) => {
      const running = status('running');
      await cdp.send('ServiceWorker.startWorker', { scopeURL: this.origin });
      // Right after the extension's process died (a crash), Chrome may drop the first start while it tears
      // the process down: asked again once, the worker starts (seen in full suite runs on 2 cores).
      const started = await withTimeout(running, 2_500, '').then(
        () => true,
        () => false,
      );
      if (started) return;
      await cdp.send('ServiceWorker.startWorker', { scopeURL: this.origin }).catch(() => undefined);
      await withTimeout(running, 5_000, 'the wallet service worker did not start when asked twice, the second time');
    });
  }

  /** The worker's running status as Chrome reports it: 'running', 'stopped', 'starting' or 'stopping'. */
  async serviceWorkerStatus(anchor?: Page): Promise<string> {
    let now = 'unknown';
    await this.serviceWorkerCdp(anchor, async (_cdp, status) => {
      now = await withTimeout(
        Promise.race(['running', 'stopped', 'starting', 'stopping'].map((s) => status(s).then(() => s))),
        2_000,
        'no status reported',
      ).catch(() => 'unknown');
    });
    return now;
  }

  /** A CDP session that reports the wallet worker's running status ('running', 'stopped', …). */
  private async serviceWorkerCdp(
    anchor: Page | undefined,
    use: (cdp: CDPSession, status: (wanted: string) => Promise<string>) => Promise<void>,
  ): Promise<void> {
    const page = anchor ?? this.context.pages().find((p) => !p.url().startsWith(this.origin)) ?? (await this.context.newPage());
    const cdp = await this.context.newCDPSession(page);
    const waiters: { wanted: string; resolve: (versionId: string) => void }[] = [];
    let latest: { runningStatus: string; versionId: string } | undefined;
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const { scriptURL, runningStatus, versionId } of versions) {
        if (!scriptURL.startsWith(this.origin)) continue;
        latest = { runningStatus, versionId };
        for (const waiter of waiters.filter((w) => w.wanted === runningStatus)) waiter.resolve(versionId);
      }
    });
    // Resolves at once when that is the status now; otherwise at the next report of it.
    const status = (wanted: string): Promise<string> =>
      new Promise((resolve) => (latest?.runningStatus === wanted ? resolve(latest.versionId) : waiters.push({ wanted, resolve })));
    try {
      await cdp.send('ServiceWorker.enable');
      await use(cdp, status);
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  }

  /** Calls the wallet's test-control surface inside the service worker. */
  async control<K extends keyof WalletControl>(method: K, ...args: Parameters<WalletControl[K]>): Promise<Awaited<ReturnType<WalletControl[K]>>> {
    for (let attempt = 0; ; attempt++) {
      const worker = await this.worker();
      try {
        // A worker that stops mid-call may never answer: its close, or a long silence, ends the wait.
        const evaluation = worker.evaluate(
          ([global, name, params]) => (globalThis as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)[global]![name]!(...params),
          [CONTROL_GLOBAL, method, args] as const,
        );
        let onClose = (): void => undefined;
        const closed = new Promise<never>((_, reject) => worker.once('close', (onClose = () => reject(new Error('Target closed')))));
        const watch = this.watchRunning();
        try {
          return (await withTimeout(
            Promise.race([evaluation, closed, watch.stopped]),
            CONTROL_TIMEOUT_MS,
            'Target closed: the worker did not answer',
          )) as Awaited<ReturnType<WalletControl[K]>>;
        } finally {
          worker.off('close', onClose);
          watch.stop();
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt === 0 && isLostCall(message)) {
          this.stoppedByKit = true; // wake it before asking again
          if (this.current === worker) this.current = undefined;
          continue;
        }
        // Keep the wallet's own sentence: drop Playwright's prefix, the error class and the worker's stack.
        throw new Error(
          message
            .replace(/^worker\.evaluate: /, '')
            .replace(/^\w*Error: /, '')
            .split('\n')[0],
        );
      }
    }
  }

  /**
   * A call that takes a while may be waiting on a worker that died under it (a crashed extension
   * page takes the worker's process with it, and Playwright reports no close): from the first
   * second on, Chrome's own word on its status is asked each second, and `stopped` rejects as a
   * lost call once it says the worker is not running. A live worker's slow answer (a large PSBT
   * being signed) is waited for.
   */
  private watchRunning(): { stopped: Promise<never>; stop(): void } {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const promise = new Promise<never>((_, reject) => {
      const check = async (): Promise<void> => {
        // Asked through a tab the browser already has: a check never opens one.
        const anchor = this.context.pages().find((p) => !p.isClosed() && !p.url().startsWith(this.origin));
        const status = anchor ? await this.serviceWorkerStatus(anchor).catch(() => 'unknown') : 'unknown';
        if (stopped) return;
        if (status === 'stopped' || status === 'stopping') return reject(new Error('Service worker restarted: the worker stopped under the call'));
        timer = setTimeout(() => void check(), LIVENESS_CHECK_MS);
      };
      timer = setTimeout(() => void check(), LIVENESS_CHECK_MS);
    });
    promise.catch(() => undefined);
    return {
      stopped: promise,
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }

  /**
   * Stops the service worker as Chrome does when idle, to test durability. Under
   * Playwright the worker never idles out, so this asks CDP's ServiceWorker.stopWorker.
   */
  async stopServiceWorker(anchor: Page): Promise<void> {
    const running = await this.worker(); // make sure there is a running one to stop
    await this.serviceWorkerCdp(anchor, async (cdp, status) => {
      const versionId = await withTimeout(status('running'), 5_000, 'the wallet service worker was not reported running');
      const stopped = status('stopped');
      await cdp.send('ServiceWorker.stopWorker', { versionId });
      await withTimeout(stopped, 5_000, 'the wallet service worker did not stop');
    });
    this.stoppedByKit = true;
    if (this.current === running) this.current = undefined;
  }

  async close(): Promise<void> {
    await this.context.close();
    if (this.ownedDir) await removeProfileDir(this.ownedDir);
  }
}
