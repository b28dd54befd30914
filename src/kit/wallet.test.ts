// nextPrompt over a fake driver: which found windows are the test's next prompt.
import { test, expect } from '@playwright/test';
import type { KitDriver, PromptWindow } from './driver.ts';
import { WalletApi, connectCalls } from './wallet.ts';
import type { CallLogEntry } from '../shared/control.ts';

function fakeWindow(key: string, openedAt: number, page = key): PromptWindow<string> & { pressed: number } {
  const window = {
    page,
    url: `chrome-extension://x/popup/approve.html?key=${key}`,
    openedAt,
    pressed: 0,
    // The window's contract answers (src/shared/approval-window.ts): every button enabled.
    evaluate: async () => ({ value: '' }),
    pressEnter: async () => void window.pressed++,
    closed: () => new Promise<void>(() => undefined),
    isClosed: async () => false,
    close: async () => undefined,
  };
  return window;
}

function kit() {
  let found: (window: PromptWindow<string>) => void = () => undefined;
  const asked: string[] = [];
  const driver = {
    control: async (method: string, ...args: unknown[]) => {
      asked.push(method);
      // decided: not yet when asked at once (a window found waiting), taken when a press waits for it.
      if (method === 'decided') return args[1] !== 0;
      return ({ calls: [], settingsProblems: [], getSettings: { approvalPolicy: 'prompt', identities: [] } } as Record<string, unknown>)[method];
    },
    watchPrompts: (callback: (window: PromptWindow<string>) => void) => void (found = callback),
  } as unknown as KitDriver<string>;
  return { wallet: new WalletApi(driver), found: (window: PromptWindow<string>) => found(window), asked };
}

test("a window opened before the last reset, found late, is nobody's next prompt, whether it was waiting or arrives while the test waits", async () => {
  const { wallet, found, asked } = kit();
  const before = Date.now() - 1000;
  found(fakeWindow('old-waiting', before));
  await wallet.reset();
  const next = wallet.nextPrompt({ timeout: 2000 });
  found(fakeWindow('old-late', before)); // the previous test's window, seen as it closed
  await new Promise((resolve) => setTimeout(resolve, 10));
  found(fakeWindow('new', Date.now()));
  expect((await next).page).toBe('new');
  // A window that arrives while the test waits is its own: the wallet is not asked about it.
  expect(asked.filter((m) => m === 'decided')).toEqual([]);
});

test('with no window at all, nextPrompt says so when its time is up', async () => {
  const { wallet } = kit();
  await expect(wallet.nextPrompt({ timeout: 50 })).rejects.toThrow(/no approval window opened within 0.05 s/);
});

test('a window that vanished under the kit before its press, its request still waiting, is followed to the window that replaced it', async () => {
  const { wallet, found } = kit();
  await wallet.reset();
  const vanished = { ...fakeWindow('k1', Date.now(), 'first'), evaluate: () => Promise.reject(new Error('Target closed')), isClosed: async () => true };
  const approving = wallet.approveNext({ timeout: 2000 });
  found(vanished);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const other = fakeWindow('k2', Date.now(), 'another request');
  const replacement = fakeWindow('k1', Date.now(), 'second');
  found(other);
  found(replacement);
  await approving;
  expect(replacement.pressed).toBe(1);
  expect(other.pressed).toBe(0);
  expect((await wallet.nextPrompt({ timeout: 100 })).page).toBe('another request'); // left for the next helper
});

test('a window that failed while it is still open is not retried: the error stands', async () => {
  const { wallet, found } = kit();
  const broken = { ...fakeWindow('k1', Date.now()), evaluate: () => Promise.reject(new Error('the page threw')) };
  const approving = wallet.approveNext({ timeout: 2000 });
  found(broken);
  await expect(approving).rejects.toThrow('the page threw');
});

test('a window whose document is replaced while the kit asks for its button (found before its first navigation) is asked again, then pressed', async () => {
  const { wallet, found } = kit();
  let asked = 0;
  const answers = [
    () => Promise.reject(new Error('Execution context was destroyed, most likely because of a navigation.')),
    () => Promise.resolve({ missing: 'about:blank, complete', ours: false }),
    () => Promise.resolve({ value: '' }),
  ];
  const navigating = Object.assign(fakeWindow('k1', Date.now()), { evaluate: () => answers[Math.min(asked++, answers.length - 1)]!() });
  const approving = wallet.approveNext({ timeout: 2000 });
  found(navigating);
  await approving;
  expect(asked).toBeGreaterThanOrEqual(3);
  expect(navigating.pressed).toBe(1);
  // The approval page itself without its script is a real fault: said at once.
  const { wallet: other, found: foundOther } = kit();
  const broken = {
    ...fakeWindow('k2', Date.now()),
    evaluate: async () => ({ missing: 'chrome-extension://x/popup/approve.html, complete', ours: true }),
  };
  const failing = other.approveNext({ timeout: 2000 });
  foundOther(broken);
  await expect(failing).rejects.toThrow('the window has no approval page script (its document: chrome-extension://x/popup/approve.html, complete)');
});

test("a helper that found no window speaks of the connect calls of the wallets in use: the contract's getAddresses only when no other is on or the page called it", () => {
  const call = (method: string, identity?: CallLogEntry['identity']): CallLogEntry =>
    ({
      id: method,
      origin: 'http://a.test',
      url: 'http://a.test/',
      tabId: 1,
      frameId: 0,
      method,
      userActivation: true,
      startedAt: 0,
      outcome: 'approved',
      ...(identity && { identity }),
    }) as CallLogEntry;
  expect(connectCalls([], [])).toBe('0 getAddresses calls');
  // docs/okx.md: connect and requestAccounts on each network's object; the OKX page got "0 getAddresses calls".
  expect(connectCalls([], ['okx'])).toBe('no connect call to OKX (connect, requestAccounts)');
  expect(connectCalls([call('bitcoin.requestAccounts', 'okx'), call('bitcoin.signMessage', 'okx')], ['okx'])).toBe('1 bitcoin.requestAccounts call to OKX');
  expect(connectCalls([call('getAddresses'), call('requestAccounts', 'unisat'), call('requestAccounts', 'unisat')], ['unisat'])).toBe(
    '1 getAddresses call, 2 requestAccounts calls to UniSat',
  );
  // A wallet the page called that was turned off since is still counted.
  expect(connectCalls([call('wallet_connect', 'xverse')], [])).toBe('0 getAddresses calls, 1 wallet_connect call to Xverse');
});
