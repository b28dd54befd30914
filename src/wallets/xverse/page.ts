// MAIN world, document_start, registered only while the `identities` setting lists 'xverse': defines Xverse's
// providers as Xverse's in-page script does (docs/reference/xverse.md §1.1, docs/reference/xverse.md §2, docs/reference/xverse.md §2.4). Like window.WalletProvider it
// holds no secret and no control; unlike it, request() always resolves with the envelope, as Xverse's does.
import { XVERSE_PROVIDER_INFO } from './provider-info.ts';
import { xverseRpcProvider } from './rpc-provider.ts';
import { append, copy, errorOf, freeze, isArray, isFrozen, lockGlobal, rejected, warn } from '../../page/runtime.ts';

const { request, addListener } = xverseRpcProvider('xverse');

/** sats-connect v1's JWT methods (docs/reference/xverse.md §2.5): present, because @stacks/connect recognises Xverse by two of them; not implemented. */
const legacy = (name: string) =>
  freeze(function legacyMethod(): Promise<never> {
    return rejected(errorOf(`${name}: sats-connect v1 (JWT) methods are not implemented by this mock wallet; use request()`));
  });

const BitcoinProvider = freeze({
  request: freeze(request),
  addListener: freeze(addListener),
  connect: legacy('connect'),
  signTransaction: legacy('signTransaction'),
  signMultipleTransactions: legacy('signMultipleTransactions'),
  signMessage: legacy('signMessage'),
  sendBtcTransaction: legacy('sendBtcTransaction'),
  createInscription: legacy('createInscription'),
  createRepeatInscriptions: legacy('createRepeatInscriptions'),
});

const StacksProvider = freeze({
  getURL: legacy('getURL'),
  structuredDataSignatureRequest: legacy('structuredDataSignatureRequest'),
  signatureRequest: legacy('signatureRequest'),
  authenticationRequest: legacy('authenticationRequest'),
  transactionRequest: legacy('transactionRequest'),
  getProductInfo: freeze(() => freeze({ version: XVERSE_PROVIDER_INFO.version, name: 'Xverse Wallet' })),
  // As Xverse's: its legacy Stacks provider has no JSON-RPC.
  request: freeze(() => {
    throw errorOf('`request` function is not implemented');
  }),
});

/**
 * Defines a name page code cannot reassign or redefine. A name another script already locked is left
 * as it is, as Xverse's own assignment would be ignored: silently for StacksProvider, which the
 * Leather-shaped alias (exposeAs) takes first by design, with a console line for the others.
 */
function lock(name: string, value: unknown): void {
  if (!lockGlobal(name, value) && name !== 'StacksProvider') warn(`[mock wallet] window.${name} was not defined for Xverse: another script locked that name`);
}

lock('XverseProviders', freeze({ BitcoinProvider, StacksProvider }));
lock('BitcoinProvider', BitcoinProvider);
lock('StacksProvider', StacksProvider);

// Xverse's entry in btc_providers (no isXverse flag, no isLeather: @stacks/connect duck-types it).
if (!Object.getOwnPropertyDescriptor(window, 'btc_providers'))
  Object.defineProperty(window, 'btc_providers', { value: [], writable: true, configurable: true, enumerable: true });
const list: unknown = (window as unknown as Record<string, unknown>)['btc_providers'];
if (isArray(list) && !isFrozen(list)) append(list, freeze({ ...XVERSE_PROVIDER_INFO.entry, methods: freeze(copy(XVERSE_PROVIDER_INFO.entry.methods)) }));
