// The MV3 service worker. Listeners are registered synchronously at start, so an event
// that wakes a stopped worker (a page's request, a closed window) finds them in place.
import browser, { type Runtime } from 'webextension-polyfill';
import { CONTROL_GLOBAL, TEST_HOOKS_GLOBAL, type TestHooks, type WalletControl } from '../shared/control.ts';
import {
  RELAY_PORT,
  WARM_PORT,
  isMessage,
  type PromptMessage,
  type RpcPollMessage,
  type RpcRequestMessage,
  type SettingsMessage,
  type WalletListenMessage,
} from '../shared/messages.ts';
import { drop, testHooks } from './request/settle.ts';
import { handlePrompt, isOwnPage, reject } from './request/approvals.ts';
import { control } from './control.ts';
import { syncExposure } from './expose.ts';
import { pendingRequests } from './request/pending.ts';
import { PROMPT_PAGE } from '../shared/windows.ts';
import { recover } from './request/recover.ts';
import { handlePoll, handleRpc } from './request/router.ts';
import { loadSession } from './store/session-map.ts';
import { SETTINGS_PAGE, handleSettings } from './settings-page.ts';
import { currentSettings, keyRing } from './store/state.ts';
import { prederive } from './store/prederive.ts';
import { acceptWarmPort, ensureWarm, forgetWarm, useSettings } from './window/warm.ts';
import { forgetTab, listen } from './events/wallet-events.ts';

useSettings(currentSettings);

declare global {
  var mockWallet: WalletControl;
}
(globalThis as unknown as Record<string, WalletControl>)[CONTROL_GLOBAL] = control;
// This project's own durability tests' hooks: a global of their own, never on the kits' control object.
(globalThis as unknown as Record<string, TestHooks>)[TEST_HOOKS_GLOBAL] = testHooks;

// Chrome starts this worker for an event, nearly always a request: start the two storage
// reads every request needs now, while the event is still being dispatched.
void currentSettings();
// Then finish what a stopped worker left: decided answers, windows and tabs closed meanwhile.
void loadSession()
  .then(recover)
  .then(ensureWarm)
  .catch((error: unknown) => console.error('[mock wallet] start-up recovery:', error));

const PROMPT_TYPES = ['prompt/details', 'prompt/approve', 'prompt/reject'];
const SETTINGS_TYPES = ['settings/save', 'settings/reset', 'settings/read'];

browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (sender.id !== browser.runtime.id) return undefined;
  if (isMessage<RpcRequestMessage>(message, 'rpc/request')) return handleRpc(message, sender);
  if (isMessage<RpcPollMessage>(message, 'rpc/poll')) return handlePoll(message, sender);
  if (isMessage<WalletListenMessage>(message, 'wallet/listen')) return listen(message, sender);
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return undefined;
  if (PROMPT_TYPES.includes(type) && isOwnPage(sender, PROMPT_PAGE)) return handlePrompt(message as PromptMessage, sender);
  if (SETTINGS_TYPES.includes(type) && isOwnPage(sender, SETTINGS_PAGE)) return handleSettings(message as SettingsMessage);
  return undefined;
});

// A warm approval window waits on a port for its request. A page's relay holds one open while its
// request waits, only to learn that this worker is gone: it is kept, unanswered.
browser.runtime.onConnect.addListener((port) => {
  if (port.name === WARM_PORT && isOwnPage(port.sender ?? {}, PROMPT_PAGE)) acceptWarmPort(port);
  else if (port.name !== RELAY_PORT || port.sender?.id !== browser.runtime.id) port.disconnect();
});

// The alias scripts persist with Chrome; they are checked against the setting when the extension
// is installed or updated and when the browser starts, not on every wake of this worker.
const reconcileExposure = (): void =>
  void currentSettings()
    .then((settings) => syncExposure(settings))
    .catch((error: unknown) => console.error('[mock wallet] could not register the exposeAs aliases:', error));
browser.runtime.onInstalled.addListener(reconcileExposure);
browser.runtime.onStartup.addListener(reconcileExposure);
// A new install or a new browser session has no cached keys: the listed accounts are derived now, in idle time.
const derive = (): void =>
  void currentSettings().then(
    (settings) => prederive(keyRing, settings),
    () => undefined,
  );
browser.runtime.onInstalled.addListener(derive);
browser.runtime.onStartup.addListener(derive);

// The approval window's nudge (a service-worker message) only needs to start this worker.
addEventListener('message', () => undefined);

// Closing the approval window is a rejection. A warm window closed (or crashed) is replaced.
browser.windows.onRemoved.addListener(async (windowId) => {
  if (await forgetWarm(windowId)) return void ensureWarm().catch(() => undefined);
  for (const request of await pendingRequests.values()) if (request.windowId === windowId) await reject(request.key, 'closed');
});

// A closed tab takes its pending requests with it.
browser.tabs.onRemoved.addListener(async (tabId) => {
  for (const request of await pendingRequests.values()) if (request.tabId === tabId) await drop(request.key);
  await forgetTab(tabId);
});
