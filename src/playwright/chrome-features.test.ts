import { expect, test } from '@playwright/test';
import { disableFeaturesSwitch, playwrightVersion } from './chrome-features.ts';

test('the switch carries the omnibox features for a Playwright whose list is known, and nothing for any other', () => {
  const known = disableFeaturesSwitch('1.65.1');
  expect(known).toMatch(/^--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,.*,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup$/);
  // Any other version, a patch release too, gets no switch, not a guess.
  expect(disableFeaturesSwitch('1.65.0')).toBeUndefined();
  expect(disableFeaturesSwitch('1.66.0')).toBeUndefined();
  expect(disableFeaturesSwitch('2.0.0')).toBeUndefined();
});

test("the Playwright this repository installs is one whose list is written (else the kit's speed-up is silently off)", () => {
  expect(
    disableFeaturesSwitch(playwrightVersion()),
    `write the disabled features of Playwright ${playwrightVersion()} in src/playwright/chrome-features.ts`,
  ).toBeDefined();
});
