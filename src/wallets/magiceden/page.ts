// MAIN world, document_start, registered only while the `identities` setting lists 'magiceden': defines
// window.magicEden.bitcoin, flagged isMagicEden, and registers the same object as the Wallet Standard wallet
// 'Magic Eden' with the one feature 'sats-connect:' (docs/reference/magiceden.md §1). Each method takes the
// token and resolves with the bare result; a failure rejects with an Error carrying its code (§2.2). Like every
// provider here it holds no secret and no control: it talks to the wallet through its own relay line.
import { customEvent, defineUnwritable, fire, freeze, listenOn, pageError, report } from '../../page/runtime.ts';
import { type ProviderError, providerLine } from '../unisat/provider.ts';
import { MAGIC_EDEN_METHOD_NAMES } from './words.ts';

const { call, emitter } = providerLine('magiceden');

/** The page's Error for a failure: Magic Eden documents no shape; this mock's reading is an Error with the code (§2.2). */
const asError = ({ code, message }: ProviderError): Error => pageError(message, code);

const methods: Record<string, (token?: unknown) => Promise<unknown>> = {};
for (const name of MAGIC_EDEN_METHOD_NAMES) methods[name] = (token?: unknown): Promise<unknown> => call(name, [token], 'connect', asError);
const { on, addListener, off, removeListener } = emitter().methods;

const provider = freeze({ isMagicEden: true, ...methods, on, addListener, off, removeListener });
defineUnwritable('magicEden', freeze({ bitcoin: provider }));

// The Wallet Standard wallet, registered as @wallet-standard/wallet's registerWallet does, without the package:
// one object for every registry a page holds (each bundled copy of @wallet-standard/app is its own), so the
// app-ready listener stays for good (docs/reference/magiceden.md §1.2).
const wallet = freeze({
  version: '1.0.0',
  name: 'Magic Eden',
  // This mock's own artwork, not Magic Eden's.
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iNiIgZmlsbD0iIzRhMWQ1ZiIvPjx0ZXh0IHg9IjE2IiB5PSIyMSIgZm9udC1mYW1pbHk9InNhbnMtc2VyaWYiIGZvbnQtc2l6ZT0iMTEiIGZvbnQtd2VpZ2h0PSJib2xkIiBmaWxsPSIjZmZmIiB0ZXh0LWFuY2hvcj0ibWlkZGxlIj5NRTwvdGV4dD48L3N2Zz4=',
  chains: freeze(['bitcoin:mainnet']),
  // No bitcoin:* feature: Reown lists only wallets with bitcoin:connect, and Magic Eden's is not known to have it.
  features: freeze({ 'sats-connect:': freeze({ provider }) }),
  accounts: freeze([]),
});
const callback = (api: { register(...wallets: unknown[]): unknown }): void => void api.register(wallet);
try {
  fire(window, customEvent('wallet-standard:register-wallet', callback));
} catch (error) {
  report('[mock wallet] wallet-standard:register-wallet was not dispatched:', error);
}
listenOn(window, 'wallet-standard:app-ready', (event) => {
  try {
    // The app's own event, of its own class (npm @wallet-standard/app@1.1.0 lib/esm/wallets.js AppReadyEvent, not a
    // CustomEvent, so no kept getter can read it): its detail getter is the app's, and gives the api the app made.
    callback((event as CustomEvent<{ register(...wallets: unknown[]): unknown }>).detail);
  } catch (error) {
    report('[mock wallet] wallet-standard:app-ready: the wallet was not registered:', error);
  }
});
