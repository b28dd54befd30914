// UniSat's page provider as its page script builds it (docs/reference/unisat.md §1): UniSat's methods over
// this identity's relay line, its accountsChanged de-duplication, its events. UniSat's page script and its
// look-alikes' (Bitget, Binance, OneKey: the same API under another global) mount what this returns.
import type { IdentityName } from '../../core/choices.ts';
import { append, isArray, ownValue } from '../../page/runtime.ts';
import { UNISAT_METHOD_NAMES, UNISAT_UNANSWERED } from './words.ts';
import { nothing, providerLine } from './provider.ts';

/** The provider object for `identity`, talking to the wallet over its own line. */
export function unisatProvider(identity: IdentityName): Record<string, unknown> {
  const { call, emitter } = providerLine(identity);

  // UniSat's page keeps the address it last told the page, and drops an accountsChanged that repeats it.
  let selected: unknown;
  const events = emitter((type, payload) => {
    if (type !== 'accountsChanged') return true;
    const first = isArray(payload) ? ownValue(payload, 0) : undefined;
    if (first === selected) return false;
    selected = first;
    return true;
  });

  const CONNECT = 'requestAccounts';
  /** A method; `defaults` fill the arguments the page left out, and only as many are sent. */
  const method =
    (name: string, defaults: readonly unknown[] = []) =>
    (...args: unknown[]): Promise<unknown> => {
      if (defaults.length === 0) return call(name, args, CONNECT);
      const filled: unknown[] = [];
      for (let i = 0; i < defaults.length; i++) append(filled, i < args.length && args[i] !== undefined ? args[i] : defaults[i]);
      return call(name, filled, CONNECT);
    };

  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of [...UNISAT_METHOD_NAMES, ...UNISAT_UNANSWERED]) methods[name] = method(name);

  return {
    ...methods,
    // UniSat's controller broadcasts accountsChanged with the address before answering; its page passes it on when new.
    requestAccounts: (): Promise<unknown> =>
      call(CONNECT, [], CONNECT, undefined, (accounts) => {
        const first = isArray(accounts) ? ownValue(accounts, 0) : undefined;
        if (isArray(accounts) && first !== selected) {
          selected = first;
          events.emit('accountsChanged', accounts);
        }
        return accounts;
      }),
    getAccounts: (): Promise<unknown> =>
      call('getAccounts', [], CONNECT, undefined, (accounts) => {
        if (isArray(accounts) && accounts.length > 0) selected = ownValue(accounts, 0);
        return accounts;
      }),
    disconnect: (): Promise<unknown> => call('disconnect', [], CONNECT, undefined, nothing),
    getInscriptions: method('getInscriptions', [0, 20]),
    getBitcoinUtxos: method('getBitcoinUtxos', [0, 20]),
    ...events.methods,
  };
}
