// What the kits' Chromium reports of itself, read the same way through Playwright and Puppeteer.

/** The lists of each --disable-features switch in chrome://version's command line, in the order given. */
export function disabledFeatureLists(commandLine: string): string[][] {
  return commandLine
    .split(/\s+/)
    .filter((s) => s.startsWith('--disable-features='))
    .map((s) => s.slice('--disable-features='.length).split(','));
}

/** The names the kits turn off: Chromium 156's WebUI address-bar dropdown. */
export const OMNIBOX_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** The dropdown's pages among CDP's Target.getTargets: each window has them (type browser_ui) with the feature on. */
export const omniboxPages = (targets: readonly { url: string }[]): string[] =>
  targets.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url);
