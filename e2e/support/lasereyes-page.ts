// The LaserEyes demo app (e2e/demo/lasereyes.html) as the Oyl specs drive it: its state, its client's calls, and the
// page opened on a network with Oyl found.
import { expect, type Page } from '@playwright/test';

export interface LaserEyesState {
  connected: boolean;
  provider?: string;
  address: string;
  paymentAddress: string;
  publicKey: string;
  accounts: string[];
  network: string;
  hasProvider: Record<string, boolean>;
}
export const state = (page: Page) => page.evaluate(() => window.lasereyes.state()) as Promise<LaserEyesState>;

type Failed = { failed: { name?: string; message?: string; code?: number } };
/** A LaserEyes client call in the page; a rejection comes back as its name, message and code. */
export const client = <T>(page: Page, call: string, ...args: unknown[]): Promise<T | Failed> =>
  page.evaluate(
    ([name, list]) =>
      (window.lasereyes.client as unknown as Record<string, (...x: unknown[]) => Promise<unknown>>)[name]!(...list).catch(
        (error: { name?: string; message?: string; code?: number }) => ({ failed: { name: error?.name, message: error?.message, code: error?.code } }),
      ),
    [call, args] as const,
  ) as Promise<T | Failed>;

/** The LaserEyes app on `network`, aware of Oyl; nothing beyond this machine is reached. */
export async function openLaserEyes(page: Page, network = 'mainnet'): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto(`/lasereyes.html?network=${network}`);
  await expect.poll(async () => (await state(page)).hasProvider['oyl'], { message: 'LaserEyes finds window.oyl' }).toBe(true);
}
