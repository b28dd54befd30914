// Reading one field of a method's params, with an error that names it.
import { hexToBytes } from '@noble/hashes/utils.js';
import { excerpt, isPlainRecord, type JsonValue } from '../json.ts';
import { MAX_ACCOUNT } from '../keys.ts';
import { LEATHER_NETWORK_IDS, leatherNetwork, type NetworkName } from '../networks.ts';
import { invalidParams } from '../rpc.ts';

export type Params = Record<string, JsonValue>;

/** What a value is, for an error message; strings are cut to a short prefix. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return excerpt(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** The params object; a method with a required field takes nothing else. */
export function paramsObject(method: string, params: JsonValue | undefined, example: string): Params {
  if (!isPlainRecord(params))
    throw invalidParams(`${method} params must be an object such as ${example}, got ${params === undefined ? 'none' : describe(params)}`);
  return params as Params;
}

export function requiredString(params: Params, field: string): string {
  const value = params[field];
  if (typeof value !== 'string') throw invalidParams(`${field} must be a string, got ${value === undefined ? 'nothing' : describe(value)}`);
  return value;
}

export function optionalBoolean(params: Params, field: string): boolean | undefined {
  const value = params[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidParams(`${field} must be true or false, got ${describe(value)}`);
  return value;
}

/** A whole number in range, as `account` and indices are. */
export function integerIn(value: JsonValue, field: string, max = MAX_ACCOUNT): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw invalidParams(`${field} must be an integer from 0 to ${max}, got ${describe(value)}`);
  }
  return value;
}

/** The derivation-path account number the app asked for (docs/reference/contract.md §4.2), 0 included. */
export function optionalAccount(params: Params): number | undefined {
  const value = params['account'];
  return value === undefined ? undefined : integerIn(value, 'account');
}

export function hexBytes(value: string, field: string): Uint8Array {
  const hex = value.startsWith('0x') ? value.slice(2) : value;
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex))
    throw invalidParams(`${field} must be hex (an even number of 0-9a-f), got ${describe(value)}`);
  return hexToBytes(hex);
}

/** A `network` param the method checks (the real wallet's schema is an enum of its ids): -32602 naming them otherwise. */
export function networkId(params: Params, fallback: NetworkName): NetworkName {
  const value = params['network'];
  if (value === undefined) return fallback;
  const network = leatherNetwork(value);
  if (!network) throw invalidParams(`network must be one of the wallet's network ids (${LEATHER_NETWORK_IDS.join(', ')}), got ${describe(value)}`);
  return network;
}
