// Keeps the page scripts beside the contract's provider registered exactly as the settings say: the
// `exposeAs` aliases (window.LeatherProvider, window.StacksProvider) and the `identities` (Xverse's
// providers). A page loaded after the change sees them.
import browser from 'webextension-polyfill';
import type { ExposeName, IdentityName } from '../core/choices.ts';
import type { Settings } from '../core/settings.ts';
import { serial } from '../shared/serial.ts';

const SCRIPT_ID = 'expose-as';
/** The built alias script for one name (scripts/build.ts writes one per name). */
export const exposeScript = (name: ExposeName): string => `expose-${name}.js`;
/** The built page script of one identity (scripts/build.ts). */
export const identityScript = (name: IdentityName): string => `identity-${name}.js`;

const queue = serial();

/** One change at a time: two quick setting changes must not race their (un)registrations. */
export function syncExposure(settings: Pick<Settings, 'exposeAs' | 'identities'>): Promise<void> {
  return queue(async () => {
    // Aliases first: a Leather-shaped window.StacksProvider is locked before Xverse's script would assign one (as in a browser with both).
    const js = [...settings.exposeAs.map(exposeScript), ...settings.identities.map(identityScript)];
    const [registered] = await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
    if (registered && JSON.stringify(registered.js ?? []) === JSON.stringify(js)) return;
    if (registered) await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
    if (js.length === 0) return;
    await browser.scripting.registerContentScripts([
      // As page.js in the manifest: every frame, before page scripts, in the page's own world.
      { id: SCRIPT_ID, js, matches: ['http://*/*', 'https://*/*'], runAt: 'document_start', allFrames: true, matchOriginAsFallback: true, world: 'MAIN' },
    ]);
  });
}
