// Small helpers the project's own e2e tests share. Users' tests need none of these.
import type { Page } from '@playwright/test';
import type { RpcResponse, WalletBrowser } from 'mock-wallet-provider/testing';
import { TEST_HOOKS_GLOBAL, type TestHooks } from '../../src/shared/control.ts';

export interface Settled {
  ok: boolean;
  response: RpcResponse & { result?: { addresses: Record<string, string>[] }; error?: { code: number; message: string; data?: unknown } };
}

/** An approval window holding a request (a warm window waiting for one is not). */
export const isPromptPage = (page: Page): boolean => page.url().includes('/popup/approve.html') && new URL(page.url()).searchParams.has('key');
/** A warm approval window, waiting for a request (a new one, or one the wallet gave back to its pool). */
export const isWarmPage = (page: Page): boolean => page.url().includes('/popup/approve.html?warm=1');
/** The window let its request go: closed, or given back to the warm pool. */
export const letGo = (page: Page): boolean => page.isClosed() || isWarmPage(page);

/** Starts window.WalletProvider.request(...) in the page; resolves once it settles either way. */
export function request(page: Page, method: unknown, params?: unknown): Promise<Settled> {
  return page.evaluate(
    ([m, p, hasParams]) =>
      (
        (window as unknown as { WalletProvider: { request(...a: unknown[]): Promise<unknown> } }).WalletProvider.request(
          ...(hasParams ? [m, p] : [m]),
        ) as Promise<Settled['response']>
      ).then(
        (response) => ({ ok: true, response }),
        (response) => ({ ok: false, response }),
      ),
    [method, params, params !== undefined] as const,
  );
}

/** Addresses of a response by kind, chosen by property as the contract asks. */
export function byKind(settled: Settled): Record<string, Record<string, string>> {
  const entries = settled.response.result?.addresses ?? [];
  const out: Record<string, Record<string, string>> = {};
  for (const entry of entries) out[entry['type'] ?? entry['symbol']!] = entry;
  return out;
}

/** This process's environment for a child npm or Playwright run, without this run's own settings (its worker's, npm's), plus `extra`. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const own = /^(PW_|PLAYWRIGHT_|TEST_|npm_)/i;
  const kept = Object.entries(process.env).filter((entry): entry is [string, string] => !own.test(entry[0]) && entry[1] !== undefined);
  return { ...Object.fromEntries(kept), ...extra };
}

/** Turns one of the worker's test hooks on or off (src/shared/control.ts TestHooks: this project's own tests only, not the kits' control). */
export async function testHook(walletBrowser: WalletBrowser, hook: keyof TestHooks, hold: boolean): Promise<void> {
  const worker = await walletBrowser.worker();
  await worker.evaluate(
    ([global, name, on]) => (globalThis as unknown as Record<string, Record<string, (hold: boolean) => Promise<void>>>)[global]![name]!(on),
    [TEST_HOOKS_GLOBAL, hook, hold] as const,
  );
}
