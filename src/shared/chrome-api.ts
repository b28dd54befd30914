// Chrome's own extension API, typed with the polyfill's types, for the approval window.
// Chrome's MV3 `chrome.*` calls already return promises; the polyfill adds about 10 KB to the
// window's script and a few milliseconds to its first paint (see `npm run bench`).
import type { Browser } from 'webextension-polyfill';

/** Only what the approval window uses, so the types promise nothing the polyfill would have added. */
export type WindowApi = Pick<Browser, 'runtime' | 'storage'>;

export const chromeApi = (globalThis as unknown as { chrome: WindowApi }).chrome;
