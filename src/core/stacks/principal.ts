// Stacks principals in a request: checked as the real wallet checks them (a valid c32 address, any
// network), with errors that name the network's prefix and the fault, and the network each belongs to.
import { createAddress } from '@stacks/transactions';
import { describe } from '../methods/fields.ts';
import { invalidParams } from '../rpc.ts';

export type StacksChain = 'mainnet' | 'testnet';

/** c32 address versions: single-sig and multi-sig, per network (SP/SM mainnet, ST/SN testnet). */
const VERSIONS: Record<number, StacksChain> = { 22: 'mainnet', 20: 'mainnet', 26: 'testnet', 21: 'testnet' };
const PREFIX: Record<StacksChain, string> = { mainnet: 'SP', testnet: 'ST' };

export interface Principal {
  value: string;
  /** The network its address belongs to. */
  chain: StacksChain;
}

/**
 * A standard (SP…) or contract (SP….name) principal. `expected` names the request's network in
 * the error; a valid address of the other network is accepted, as the real wallet does.
 */
export function principal(value: unknown, field: string, expected: StacksChain): Principal {
  const shape = `${field} must be a Stacks principal (${PREFIX[expected]}… or ${PREFIX[expected]}….contract-name on ${expected})`;
  if (typeof value !== 'string') throw invalidParams(`${shape}, got ${describe(value)}`);
  const [address, name, ...rest] = value.split('.');
  if (name !== undefined && name.length > 128) throw invalidParams(`${field}'s contract name is ${name.length} characters; Clarity names are at most 128`);
  if (!address || rest.length > 0 || (name !== undefined && !/^[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127}$/.test(name)))
    throw invalidParams(`${shape}, got ${describe(value)}`);
  let version: number;
  try {
    version = createAddress(address).version;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const fault = /checksum/i.test(why) ? 'bad checksum (a character is mistyped, missing or extra)' : why;
    // An address-like string is echoed whole, so the developer can compare it character by character.
    const shown = /^[0-9A-Za-z]{1,64}$/.test(address) ? JSON.stringify(address) : describe(address);
    throw invalidParams(`${field} ${shown} is not a valid Stacks address: ${fault}; on ${expected} addresses start with ${PREFIX[expected]}`);
  }
  const chain = VERSIONS[version];
  if (!chain) throw invalidParams(`${shape}, got ${describe(value)} (address version ${version})`);
  return { value, chain };
}

/** The finding for a principal of the other network, or nothing. */
export function networkMismatch(field: string, found: Principal, expected: StacksChain): string | undefined {
  if (found.chain === expected) return undefined;
  return (
    `${field} ${found.value} is a ${found.chain} address, but this transaction is signed for ${expected}. ` +
    `The real wallet signs it without a word, and so does this wallet; on ${expected} the address would start with ${PREFIX[expected]}.`
  );
}
