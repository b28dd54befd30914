// nextPrompt over a fake driver: which found windows are the test's next prompt.
import { test, expect } from '@playwright/test';
import type { KitDriver, PromptWindow } from './driver.ts';
import { WalletApi } from './wallet.ts';

function fakeWindow(key: string, openedAt: number): PromptWindow<string> {
  return { page: key, url: `chrome-extension://x/popup/approve.html?key=${key}`, openedAt, evaluate: async () => '', pressEnter: async () => undefined, closed: () => new Promise(() => undefined), isClosed: async () => false, close: async () => undefined };
}

function kit() {
  let found: (window: PromptWindow<string>) => void = () => undefined;
  const asked: string[] = [];
  const driver = {
    control: async (method: string) => {
      asked.push(method);
      return ({ decided: false, calls: [], settingsProblems: [], getSettings: { approvalPolicy: 'prompt' } } as Record<string, unknown>)[method];
    },
    watchPrompts: (callback: (window: PromptWindow<string>) => void) => void (found = callback),
  } as unknown as KitDriver<string>;
  return { wallet: new WalletApi(driver), found: (window: PromptWindow<string>) => found(window), asked };
}

test('a window opened before the last reset, found late, is nobody\'s next prompt, whether it was waiting or arrives while the test waits', async () => {
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
