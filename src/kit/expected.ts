// What the wallet answers for given settings, computed in Node by the code the extension and the CLI run.
import type { ContractWalletName, ExpectedOptionsOf, ExpectedResultOf, IdentityName, WalletName } from '../core/wallet-types.ts';
import { KeyRing } from '../core/keyring.ts';
import type { JsonValue } from '../core/json.ts';
import type { NetworkName } from '../core/networks.ts';
import type { RpcResponse } from '../core/rpc.ts';
import { grantKey } from '../core/site-grant.ts';
import { answerCall } from '../core/wallet.ts';
import { TABLE, type WalletRecord } from '../wallets/index.ts';
import type { ExpectedCommon } from '../wallets/record.ts';
import type { WalletTable } from '../wallets/table.ts';

/** expectedAddresses' options for the contract's provider (no identity): its settings that shape getAddresses, and `chains`. */
export type ExpectedAddressesOptions = ExpectedCommon & ExpectedOptionsOf<ContractWalletName> & { identity?: undefined };

/** expectedAddresses' options for a wallet the page finds through its identity: the wallet's own (its record's folder says which). */
export type ExpectedAddressesOptionsFor<K extends IdentityName> = ExpectedCommon & ExpectedOptionsOf<K> & { identity: K };

/** What expectedAddresses returns for a wallet: its connect method's result (getAddresses', requestAccounts'…). */
export type ExpectedAddressesFor<K extends WalletName> = ExpectedResultOf<K>;

/** What expectedAnswer takes: the wallet (no identity: the contract's provider), its settings, the method and its params as the page sends them. */
export type ExpectedAnswerOptions = ExpectedCommon & { identity?: IdentityName; method: string; params?: JsonValue } & Record<string, unknown>;

/** A kit helper's options: the wallet (identity), the settings (its own included; account is the active account), what it asks. */
type HelperOptions = ExpectedCommon & { identity?: IdentityName; chains?: readonly string[]; purposes?: readonly string[] } & Record<string, unknown>;

const ring = new KeyRing();

/**
 * The answer an approved call gets through the one call pipeline, from a site that may read the account and
 * the network (for a wallet with per-site permissions). Options besides the helper's own are settings: a bad
 * one throws naming it. `ask`: the method and params, from the wallet and the network.
 */
async function approved(
  table: WalletTable,
  options: HelperOptions,
  ask: (wallet: WalletRecord, network: NetworkName) => { method: string; params: JsonValue | undefined },
): Promise<{ response: RpcResponse; wallet: WalletRecord }> {
  const { account = 0, identity, chains: _chains, purposes: _purposes, method: _method, params: _params, ...patch } = options;
  const wallet = table.walletFor(identity);
  const settings = table.settings.apply(table.settings.defaults(), { ...patch, activeAccount: account });
  const site = wallet.accessDenied
    ? { origin: 'expected', grant: { accounts: [grantKey(settings.network, settings.activeAccount)], readNetwork: true } }
    : undefined;
  const { method, params } = ask(wallet, settings.network);
  const { response } = await answerCall(ring, settings, wallet, { id: 'expected', method, params, ...(site && { site }) });
  return { response, wallet };
}

/** expectedAddresses for the wallets of a table (the kits' is this mock's). */
export async function expectedAddressesIn(table: WalletTable, options: HelperOptions): Promise<unknown> {
  const { response, wallet } = await approved(table, options, (record, network) => ({
    method: record.addressMethod(network),
    params: record.addressRequest({ ...(options.chains && { chains: options.chains }), ...(options.purposes && { purposes: options.purposes }) }),
  }));
  if ('error' in response)
    throw new Error(
      `expectedAddresses: the wallet, as ${wallet.title}, would answer error ${response.error.code}: ${response.error.message} ${JSON.stringify(response.error.data ?? '')}`.trimEnd(),
    );
  return response.result;
}

/**
 * The `result` the wallet gives an approved getAddresses for these settings: compare it with what your app
 * shows. Settings not given are the wallet's defaults. A bad option throws. With `identity`, that wallet's
 * connect answer: Xverse's getAddresses for `purposes`, UniSat's requestAccounts ([address]), OKX's on the
 * network's provider object… (each wallet's page in docs/ says which).
 */
export async function expectedAddresses(options?: ExpectedAddressesOptions): Promise<ExpectedAddressesFor<ContractWalletName>>;
export async function expectedAddresses<K extends IdentityName>(options: ExpectedAddressesOptionsFor<K>): Promise<ExpectedAddressesFor<K>>;
export async function expectedAddresses(options: object = {}): Promise<unknown> {
  return expectedAddressesIn(TABLE, options as HelperOptions);
}

/**
 * The JSON-RPC response the wallet gives an approved call of any method, from a site that connected (the
 * CLI's `call`): a public key (UniSat's getPublicKey), a signature, an error. Settings not given are the
 * wallet's defaults; the wallet's own settings go beside `identity`. The page gets `result` (a bare-answer
 * wallet's promise resolves with it) or `error`.
 */
export async function expectedAnswer(options: ExpectedAnswerOptions): Promise<RpcResponse> {
  return (await approved(TABLE, options, () => ({ method: options.method, params: options.params }))).response;
}
