// The one argument every Magic Eden method takes: an unsecured JWT, as jsontokens' createUnsecuredToken makes it
// (npm jsontokens@4.0.1 lib/signer.js; sats-connect's v1 helpers and bigmi call it): base64url of
// {"typ":"JWT","alg":"none"}, a dot, base64url of the JSON payload, a dot and no signature. The wallet reads the
// payload; like jsontokens' decodeToken it ignores the signature part (docs/reference/magiceden.md §2.1).
import { base64, base64urlnopad } from '@scure/base';
import { isPlainRecord, type JsonValue } from '../../core/json.ts';
import { describe, type Params } from '../../core/methods/fields.ts';
import { invalidParams } from '../../core/rpc.ts';

const HEADER = { typ: 'JWT', alg: 'none' } as const;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The token for a payload: what sats-connect sends (the CLI and the kits' expected values ask with it). */
export function encodeToken(payload: Record<string, JsonValue>): string {
  const part = (value: object): string => base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part(HEADER)}.${part(payload)}.`;
}

/** One part, base64url with or without padding (jsontokens pads and reads it as base64). */
function json(part: string, which: string, method: string): unknown {
  const bare = part.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = bare.padEnd(Math.ceil(bare.length / 4) * 4, '=');
  try {
    return JSON.parse(strictUtf8.decode(base64.decode(padded)));
  } catch {
    throw invalidParams(`${method}: the token's ${which} is not base64url-encoded JSON (sats-connect's createUnsecuredToken(payload) makes one)`);
  }
}

/**
 * The payload of `method`'s token; a clear error for anything else. `raw` is the page's arguments, in order
 * (the provider's one argument) as the page script sends them and the CLI's --params takes them.
 */
export function readToken(method: string, raw: JsonValue | undefined): Params {
  const args = raw === undefined || raw === null ? [] : raw;
  if (!Array.isArray(args)) throw invalidParams(`${method} takes its one argument in an array, ["<token>"], got ${describe(args)}`);
  const [token] = args;
  if (typeof token !== 'string' || token === '')
    throw invalidParams(
      `${method} takes one argument: an unsecured JWT string, as sats-connect's createUnsecuredToken(payload) makes it, got ${token === undefined ? 'nothing' : describe(token)}`,
    );
  const parts = token.split('.');
  if (parts.length < 2) throw invalidParams(`${method}: the token is not a JWT (header.payload.signature), got ${describe(token)}`);
  const header = json(parts[0]!, 'header', method);
  if (!isPlainRecord(header as JsonValue)) throw invalidParams(`${method}: the token's header must be a JSON object, got ${describe(header)}`);
  const payload = json(parts[1]!, 'payload', method);
  if (!isPlainRecord(payload as JsonValue)) throw invalidParams(`${method}: the token's payload must be a JSON object, got ${describe(payload)}`);
  return payload as Params;
}
