// MAIN world, document_start, registered only while the `identities` setting lists 'magiceden': defines
// window.magicEden.bitcoin, flagged isMagicEden, and registers the same object as the Wallet Standard wallet
// 'Magic Eden' with the one feature 'sats-connect:' (docs/reference/magiceden.md §1). Each method takes the
// token and resolves with the bare result; a failure rejects with an Error carrying its code (§2.2). Like every
// provider here it holds no secret and no control: it talks to the wallet through its own relay port.
import { handshakeOf, helloOf } from '../../shared/messages.ts';
import { connectPort } from '../../page/port.ts';
import { defineUnwritable, providerLine } from '../unisat/provider.ts';
import { MAGIC_EDEN_METHOD_NAMES } from './words.ts';

// Page code may later replace any of these built-ins; keep the originals.
const { apply } = Reflect;
const { freeze, defineProperty } = Object;
const ErrorCtor = Error;
const CustomEventCtor = CustomEvent;
const dispatch = EventTarget.prototype.dispatchEvent;
const listen = EventTarget.prototype.addEventListener;
const report = console.error.bind(console);

let receive: (data: object) => void = () => undefined;
const send = connectPort(handshakeOf('magiceden'), (data) => receive(data));
// Ask the relay for this port: it listens in its own world, synchronously, before any page script.
apply(dispatch, document, [new CustomEventCtor(helloOf('magiceden'))]);
const { call, emitter } = providerLine({ send, onReceive: (r) => (receive = r) });

/** The page's Error for a failure: Magic Eden documents no shape; this mock's reading is an Error with the code (§2.2). */
function asError(failure: unknown): Error {
  const { code, message } = failure as { code: number; message: string };
  const error = new ErrorCtor(message);
  defineProperty(error, 'code', { value: code, writable: true, enumerable: true, configurable: true });
  return error;
}

const methods: Record<string, (token?: unknown) => Promise<unknown>> = {};
for (const name of MAGIC_EDEN_METHOD_NAMES) {
  methods[name] = async (token?: unknown): Promise<unknown> => {
    try {
      return await call(name, [token], 'connect');
    } catch (failure) {
      throw asError(failure);
    }
  };
}
const { on, addListener, off, removeListener } = emitter();

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
  apply(dispatch, window, [new CustomEventCtor('wallet-standard:register-wallet', { detail: callback })]);
} catch (error) {
  report('[mock wallet] wallet-standard:register-wallet was not dispatched:', error);
}
apply(listen, window, [
  'wallet-standard:app-ready',
  (event: Event): void => {
    try {
      // The app's own event: its detail (a getter of its class) is the api the app made.
      callback((event as CustomEvent<{ register(...wallets: unknown[]): unknown }>).detail);
    } catch (error) {
      report('[mock wallet] wallet-standard:app-ready: the wallet was not registered:', error);
    }
  },
]);
