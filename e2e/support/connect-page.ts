// Driving the bundled @stacks/connect app (e2e/demo/connect-app.ts) as a user would: its buttons, its output, its picker.
import { expect, type Page, type Wallet } from 'mock-wallet-provider/testing';

/** Clicks an app button and waits for its outcome, as the page shows it. */
export async function click(page: Page, id: string, input: Record<string, unknown> = {}): Promise<void> {
  await page.locator('#input').fill(JSON.stringify(input));
  await page.locator(`#${id}`).click();
}

export async function outcome(page: Page, id: string): Promise<{ status: string; value: Record<string, unknown> }> {
  const out = page.locator('#out');
  await expect(out).toHaveAttribute('data-last', new RegExp(`^${id}:(ok|error)$`));
  return { status: (await out.getAttribute('data-last'))!.split(':')[1]!, value: JSON.parse((await out.textContent())!) as Record<string, unknown> };
}

/** The picker's rows that offer Connect: the wallets it found installed. */
export async function installedRows(page: Page): Promise<string[]> {
  const rows = page.locator('connect-modal li').filter({ has: page.getByRole('button', { name: 'Connect' }) });
  await expect(rows.first()).toBeVisible();
  return rows.locator('div.text-sm.font-medium').allInnerTexts();
}

export async function connectThroughPicker(page: Page, wallet: Wallet): Promise<Record<string, unknown>> {
  await page.goto('/connect.html');
  await click(page, 'connect');
  await wallet.pickInConnectModal(page);
  await wallet.approveNext();
  const { status, value } = await outcome(page, 'connect');
  expect(status).toBe('ok');
  return value;
}
