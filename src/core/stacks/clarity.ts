// Clarity values and post conditions as pages send them (hex), read with @stacks/transactions.
import { Cl, ClarityType, deserializeCV, deserializePostConditionWire, wireToPostCondition, type ClarityValue, type PostCondition } from '@stacks/transactions';
import { invalidParams } from '../rpc.ts';
import { describe } from '../methods/fields.ts';

const strip = (hex: string): string => (hex.startsWith('0x') ? hex.slice(2) : hex);

/** Clarity's own bounds on a value: 1 MB serialized and 32 levels of nesting; this wallet also signs at most this many values in one. */
export const MAX_CLARITY_BYTES = 1_048_576;
export const MAX_CLARITY_DEPTH = 32;
export const MAX_CLARITY_VALUES = 10_000;

/** The deepest nesting and the number of values in a Clarity value, read without recursion. */
function measure(root: ClarityValue): { depth: number; values: number } {
  let depth = 0;
  let values = 0;
  const stack: [ClarityValue, number][] = [[root, 1]];
  while (stack.length > 0 && values <= MAX_CLARITY_VALUES) {
    const [cv, level] = stack.pop()!;
    values++;
    depth = Math.max(depth, level);
    if (cv.type === ClarityType.List) for (const item of cv.value) stack.push([item, level + 1]);
    else if (cv.type === ClarityType.Tuple) for (const item of Object.values(cv.value)) stack.push([item, level + 1]);
    else if (cv.type === ClarityType.OptionalSome || cv.type === ClarityType.ResponseOk || cv.type === ClarityType.ResponseErr)
      stack.push([cv.value, level + 1]);
  }
  return { depth, values };
}

export function clarityValue(value: unknown, field: string): ClarityValue {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a hex-serialized Clarity value, got ${describe(value)}`);
  const hex = strip(value);
  if (hex.length > MAX_CLARITY_BYTES * 2) throw invalidParams(`${field} is ${hex.length / 2} bytes; a Clarity value is at most ${MAX_CLARITY_BYTES} bytes`);
  let cv: ClarityValue;
  try {
    cv = deserializeCV(hex);
  } catch (error) {
    throw invalidParams(`${field} is not a hex-serialized Clarity value (${error instanceof Error ? error.message : String(error)}), got ${describe(value)}`);
  }
  const { depth, values } = measure(cv);
  if (depth > MAX_CLARITY_DEPTH) throw invalidParams(`${field} nests ${depth} levels deep; Clarity allows at most ${MAX_CLARITY_DEPTH}`);
  if (values > MAX_CLARITY_VALUES)
    throw invalidParams(`${field} holds more than ${MAX_CLARITY_VALUES} values; this wallet signs at most ${MAX_CLARITY_VALUES} in one argument`);
  return cv;
}

/** A SIP-018 domain: a tuple { name: string-ascii, version: string-ascii, chain-id: uint }. */
export function sip018Domain(value: unknown, field: string): ClarityValue {
  const domain = clarityValue(value, field);
  const ok =
    domain.type === ClarityType.Tuple &&
    domain.value['name']?.type === ClarityType.StringASCII &&
    domain.value['version']?.type === ClarityType.StringASCII &&
    domain.value['chain-id']?.type === ClarityType.UInt;
  if (!ok)
    throw invalidParams(
      `${field} must be a SIP-018 domain: a tuple { name: string-ascii, version: string-ascii, chain-id: uint }, got ${Cl.prettyPrint(domain).slice(0, 80)}`,
    );
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
