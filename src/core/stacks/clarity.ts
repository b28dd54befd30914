// Clarity values and post conditions as pages send them (hex), read with @stacks/transactions.
import { Cl, ClarityType, deserializeCV, deserializePostConditionWire, wireToPostCondition, type ClarityValue, type PostCondition } from '@stacks/transactions';
import { invalidParams } from '../rpc.ts';
import { describe } from '../methods/fields.ts';

const strip = (hex: string): string => (hex.startsWith('0x') ? hex.slice(2) : hex);

export function clarityValue(value: unknown, field: string): ClarityValue {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a hex-serialized Clarity value, got ${describe(value)}`);
  try {
    return deserializeCV(strip(value));
  } catch (error) {
    throw invalidParams(`${field} is not a hex-serialized Clarity value (${error instanceof Error ? error.message : String(error)}), got ${describe(value)}`);
  }
}

/** A SIP-018 domain: a tuple { name: string-ascii, version: string-ascii, chain-id: uint }. */
export function sip018Domain(value: unknown, field: string): ClarityValue {
  const domain = clarityValue(value, field);
  const ok =
    domain.type === ClarityType.Tuple &&
    domain.value['name']?.type === ClarityType.StringASCII &&
    domain.value['version']?.type === ClarityType.StringASCII &&
    domain.value['chain-id']?.type === ClarityType.UInt;
  if (!ok) throw invalidParams(`${field} must be a SIP-018 domain: a tuple { name: string-ascii, version: string-ascii, chain-id: uint }, got ${Cl.prettyPrint(domain).slice(0, 80)}`);
  return domain;
}

export function postCondition(value: unknown, field: string): PostCondition {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a hex-serialized post condition, got ${describe(value)}`);
  try {
    return wireToPostCondition(deserializePostConditionWire(strip(value)));
  } catch (error) {
    throw invalidParams(`${field} is not a hex-serialized post condition (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** A post condition in a person's terms: "SP… sends eq 1000000 µSTX". */
export function describePostCondition(pc: PostCondition): string {
  const parts: string[] = [pc.address];
  if ('condition' in pc) parts.push(pc.condition);
  if ('amount' in pc) parts.push(String(pc.amount));
  parts.push(pc.type === 'stx-postcondition' ? 'µSTX' : 'asset' in pc ? pc.asset : '');
  if ('assetId' in pc) parts.push(Cl.prettyPrint(pc.assetId as ClarityValue));
  return parts.filter(Boolean).join(' ');
}

export const pretty = (value: ClarityValue): string => Cl.prettyPrint(value);
