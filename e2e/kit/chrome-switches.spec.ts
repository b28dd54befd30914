// The kit's Chromium as Chrome itself reports it: Playwright's disabled features all still disabled (Chrome keeps only
// the last --disable-features, and the kit's comes last: src/playwright/chrome-features.ts), and the address bar's
// WebUI dropdown, which a test never opens, not loaded.
import { test, expect } from 'mock-wallet-provider/testing';
import { OMNIBOX_FEATURES, disabledFeatureLists, omniboxPages } from '../support/chrome-switches.ts';

test("the kit's Chromium keeps every feature Playwright disables, and loads no omnibox dropdown page", async ({ page, context }) => {
  await page.goto('chrome://version');
  const lists = disabledFeatureLists(await page.locator('#command_line').innerText());
  // Playwright's own switch first, the kit's last: the one Chrome applies.
  expect(lists).toHaveLength(2);
  const [playwrights, applied] = lists as [string[], string[]];
  expect(
    playwrights.filter((name) => !applied.includes(name)),
    "Playwright's disabled features missing from the switch Chrome applies",
  ).toEqual([]);
  expect(applied).toEqual(expect.arrayContaining(OMNIBOX_FEATURES));

  await page.goto('/blank.html');
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
  await cdp.detach();
  expect(omniboxPages(targetInfos)).toEqual([]);
  expect(targetInfos.some((t) => t.url.endsWith('/blank.html'))).toBe(true);
});
