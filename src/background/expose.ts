// Keeps the alias scripts (window.LeatherProvider, window.StacksProvider) registered exactly
// as the `exposeAs` setting says. A page loaded after the change sees the aliases.
import browser from 'webextension-polyfill';
import type { ExposeName } from '../core/choices.ts';

const SCRIPT_ID = 'expose-as';
/** The built alias script for one name (scripts/build.ts writes one per name). */
export const exposeScript = (name: ExposeName): string => `expose-${name}.js`;

let queue: Promise<unknown> = Promise.resolve();

/** One change at a time: two quick setting changes must not race their (un)registrations. */
export function syncExposure(names: readonly ExposeName[]): Promise<void> {
  const sync = queue.then(async () => {
    const js = names.map(exposeScript);
    const [registered] = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
    if (registered && JSON.stringify(registered.js ?? []) === JSON.stringify(js)) return;
    if (registered) await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
    if (js.length === 0) return;
    await browser.scripting.registerContentScripts([
      // As page.js in the manifest: every frame, before page scripts, in the page's own world.
      { id: SCRIPT_ID, js, matches: ['http://*/*', 'https://*/*'], runAt: 'document_start', allFrames: true, matchOriginAsFallback: true, world: 'MAIN' },
    ]);
  });
  queue = sync.catch(() => undefined);
  return sync;
}
