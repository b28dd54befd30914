// UniSat's page provider as its page script builds it (docs/reference/unisat.md §1): UniSat's methods over
// this identity's relay port, its accountsChanged de-duplication, its events. UniSat's page script and its
// look-alikes' (Bitget, Binance, OneKey: the same API under another global) mount what this returns.
import type { IdentityName } from '../../core/choices.ts';
import { handshakeOf, helloOf } from '../../shared/messages.ts';
import { connectPort } from '../../page/port.ts';
import { UNISAT_METHOD_NAMES, UNISAT_UNANSWERED } from './words.ts';
import { providerLine } from './provider.ts';

const { isArray } = Array;
const dispatch = EventTarget.prototype.dispatchEvent;
const CustomEventCtor = CustomEvent;

/** The provider object for `identity`, talking to the wallet over its own port. */
export function unisatProvider(identity: IdentityName): Record<string, unknown> {
  let receive: (data: object) => void = () => undefined;
  const send = connectPort(handshakeOf(identity), (data) => receive(data));
  // Ask the relay for this port: it listens in its own world, synchronously, before any page script.
  Reflect.apply(dispatch, document, [new CustomEventCtor(helloOf(identity))]);
  const { call, emitter } = providerLine({ send, onReceive: (r) => (receive = r) });

  // UniSat's page keeps the address it last told the page, and drops an accountsChanged that repeats it.
  let selected: unknown;
  const events = emitter((type, payload) => {
    if (type !== 'accountsChanged') return true;
    const first: unknown = isArray(payload) ? payload[0] : undefined;
    if (first === selected) return false;
    selected = first;
    return true;
  });

  const CONNECT = 'requestAccounts';
  const method =
    (name: string, defaults: readonly unknown[] = []) =>
    (...args: unknown[]): Promise<unknown> =>
      call(name, defaults.length > 0 ? defaults.map((value, i) => (args[i] === undefined ? value : args[i])) : args, CONNECT);

  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of [...UNISAT_METHOD_NAMES, ...UNISAT_UNANSWERED]) methods[name] = method(name);

  const provider = {
    ...methods,
    // UniSat's controller broadcasts accountsChanged with the address before answering; its page passes it on when new.
    requestAccounts: async (): Promise<unknown> => {
      const accounts = await call(CONNECT, [], CONNECT);
      if (isArray(accounts) && accounts[0] !== selected) {
        selected = accounts[0];
        events.local('accountsChanged', accounts);
      }
      return accounts;
    },
    getAccounts: async (): Promise<unknown> => {
      const accounts = await call('getAccounts', [], CONNECT);
      if (isArray(accounts) && accounts.length > 0) selected = accounts[0];
      return accounts;
    },
    disconnect: async (): Promise<undefined> => {
      await call('disconnect', [], CONNECT);
      return undefined;
    },
    getInscriptions: method('getInscriptions', [0, 20]),
    getBitcoinUtxos: method('getBitcoinUtxos', [0, 20]),
    ...events,
  };
  delete (provider as { local?: unknown }).local;
  return provider;
}
