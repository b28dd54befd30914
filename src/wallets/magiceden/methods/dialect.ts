// What every Magic Eden method shares (docs/reference/magiceden.md §2–§4): a token's payload, its network, the
// account's two addresses, the window's title, its rejection.
import type { JsonValue } from '../../../core/json.ts';
import type { AccountKeys } from '../../../core/keys.ts';
import type { NetworkName } from '../../../core/networks.ts';
import { invalidParams } from '../../../core/rpc.ts';
import type { Settings } from '../../../core/settings.ts';
import { describe, type Params } from '../../../core/methods/fields.ts';
import { activeAccountMethod, type AnyMethod, type WalletMethod } from '../../../core/methods/method.ts';
import { readToken } from '../token.ts';
import { REJECTED } from '../words.ts';

export const MAGIC_EDEN_PURPOSES = ['ordinals', 'payment'] as const;
export type MagicEdenPurpose = (typeof MAGIC_EDEN_PURPOSES)[number];

/** One address as connect answers it (docs/reference/magiceden.md §3.1): no addressType, no walletType. */
export interface MagicEdenAddress {
  address: string;
  /** Compressed, hex, for both purposes (the taproot key untweaked). */
  publicKey: string;
  purpose: MagicEdenPurpose;
}

/**
 * The account's two addresses. Magic Eden's account N is BIP-44 account N: payment m/84'/0'/N'/0/0, ordinals
 * m/86'/0'/N'/0/0 (docs/reference/magiceden.md §4.1), which are the contract's keys of account N; on this mock's
 * local chains, coin 1' as theirs.
 */
export function addressesOf(keys: AccountKeys): Readonly<Record<MagicEdenPurpose, MagicEdenAddress>> {
  return {
    payment: { address: keys.p2wpkh.address, publicKey: keys.p2wpkh.publicKey, purpose: 'payment' },
    ordinals: { address: keys.p2tr.address, publicKey: keys.p2tr.publicKey, purpose: 'ordinals' },
  };
}

/**
 * The network.type values a request may name on each of the wallet's networks (docs/reference/magiceden.md §4.2):
 * Magic Eden has Mainnet only; this mock's local chains stand in for it (connectors send 'Mainnet' whatever their
 * app's network), and take 'Regtest' too. The test networks have none.
 */
const TYPES: Partial<Record<NetworkName, readonly string[]>> = { mainnet: ['Mainnet'], regtest: ['Mainnet', 'Regtest'], devnet: ['Mainnet', 'Regtest'] };

/** Whether Magic Eden can answer on the wallet's network at all. */
export const answersOn = (network: NetworkName): boolean => TYPES[network] !== undefined;

/** A request's `network`, checked against the wallet's: refused before any window opens. */
function checkNetwork(method: string, value: JsonValue | undefined, network: NetworkName): void {
  const types = TYPES[network];
  if (!types)
    throw invalidParams(
      `${method}: the wallet is on ${network}, and Magic Eden has Mainnet only; set the network to mainnet (or regtest, this mock's local chain) (docs/reference/magiceden.md §4.2)`,
    );
  if (value === undefined) return;
  const type = typeof value === 'object' && value !== null && !Array.isArray(value) ? value['type'] : undefined;
  if (typeof type !== 'string') throw invalidParams(`${method}: network must be { type: 'Mainnet' }, got ${describe(value)}`);
  if (!types.includes(type))
    throw invalidParams(
      `${method}: Magic Eden answers on Mainnet only, not ${describe(type)}${network === 'mainnet' ? '' : ` (on ${network}, this mock's local chain: ${types.join(' or ')})`} (docs/reference/magiceden.md §4.2)`,
    );
}

/** The payload of the method's token, its network checked against the wallet's. */
export function payloadOf(method: string, raw: JsonValue | undefined, settings: Settings): Params {
  const payload = readToken(method, raw);
  checkNetwork(method, payload['network'], settings.network);
  return payload;
}

/** A field that is a string when present (message). */
export function optionalString(payload: Params, field: string, method: string): string | undefined {
  const value = payload[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParams(`${method}: ${field} must be a string, got ${describe(value)}`);
  return value;
}

/** An address the payload names: one of the account's two, on the wallet's network. */
export function ownAddress(keys: AccountKeys, address: string, field: string, method: string): MagicEdenAddress {
  const { payment, ordinals } = addressesOf(keys);
  const entry = [payment, ordinals].find((a) => a.address === address);
  if (!entry)
    throw invalidParams(
      `${method}: ${field} ${JSON.stringify(address.slice(0, 100))} is not the active account's payment (${payment.address}) or ordinals (${ordinals.address}) address on ${keys.network}; this mock signs for the active account only`,
    );
  return entry;
}

/**
 * One Magic Eden method: no account named by the request (the active one acts), on the wallet's network, the
 * window saying the app called Magic Eden, and one rejection for Reject and for a closed window.
 */
export const magicEdenMethod = <P>(
  method: Omit<WalletMethod<P>, 'requestedAccount' | 'rejection' | 'network'> & Partial<Pick<WalletMethod<P>, 'network'>>,
): AnyMethod => activeAccountMethod('Magic Eden', REJECTED, method);
