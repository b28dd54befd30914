// The Playwright kit's --disable-features switch. Chrome keeps only the last --disable-features on its command line.
// Playwright passes its own list first, and offers no way to add to it (microsoft/playwright#36658). So the kit's
// switch repeats Playwright's list, for the Playwright versions whose list is written here. With any other version
// the kit passes no switch, and Chrome runs as Playwright starts it.
import { createRequire } from 'node:module';
import { UNUSED_CHROME_FEATURES } from '../kit/setup.ts';

/**
 * The features Playwright disables, by its exact version: a patch release may change the list.
 * 1.65.1: microsoft/playwright v1.65.1, packages/playwright-core/src/server/chromium/chromiumSwitches.ts (`disabledFeatures`).
 */
export const PLAYWRIGHT_DISABLED_FEATURES: Readonly<Record<string, readonly string[]>> = {
  '1.65.1': [
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'TcpPortRandomizationWin',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    'msForceBrowserSignIn',
    'msEdgeUpdateLaunchServicesPreferredVersion',
  ],
};

/** The version of the @playwright/test the kit runs with (the copy its `chromium` comes from). */
export function playwrightVersion(): string {
  return (createRequire(import.meta.url)('@playwright/test/package.json') as { version: string }).version;
}

/** Playwright's list and the kit's in one switch, or undefined for a Playwright whose list is not written here. */
export function disableFeaturesSwitch(version: string): string | undefined {
  const playwrights = PLAYWRIGHT_DISABLED_FEATURES[version];
  return playwrights && `--disable-features=${[...playwrights, ...UNUSED_CHROME_FEATURES].join(',')}`;
}
