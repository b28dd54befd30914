// The kit's Chromium as Chrome itself reports it: Playwright's disabled features all still disabled (Chrome keeps only
// the last --disable-features, and the kit's comes last: src/playwright/chrome-features.ts), and the address bar's
// WebUI dropdown, which a test never opens, not loaded.
import { test, expect } from 'mock-wallet-provider/testing';

test("the kit's Chromium keeps every feature Playwright disables, and loads no omnibox dropdown page", async ({ page, context }) => {
  await page.goto('chrome://version');
  const switches = (await page.locator('#command_line').innerText()).split(/\s+/);
  const lists = switches.filter((s) => s.startsWith('--disable-features=')).map((s) => s.slice('--disable-features='.length).split(','));
  // Playwright's own switch first, the kit's last: the one Chrome applies.
  expect(lists).toHaveLength(2);
  const [playwrights, applied] = lists as [string[], string[]];
  expect(
    playwrights.filter((name) => !applied.includes(name)),
    "Playwright's disabled features missing from the switch Chrome applies",
  ).toEqual([]);
  expect(applied).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']));

  await page.goto('/blank.html');
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
  await cdp.detach();
  // With the feature on, each window has chrome://omnibox-popup.top-chrome/ pages of type browser_ui.
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url)).toEqual([]);
  expect(targetInfos.some((t) => t.url.endsWith('/blank.html'))).toBe(true);
});
