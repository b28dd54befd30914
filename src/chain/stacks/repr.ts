// Clarity values as the Hiro API shows them: { hex, repr }. The repr is stacks-encoding-native-js's
// (hirosystems/stacks-encoding-native-js, src/clarity_value/types.rs, repr_string): Clarity source
// syntax, principals quoted ('ST…), tuple keys sorted, strings escaped as Rust's ascii::escape_default.
import { cvToHex, type ClarityValue } from '@stacks/transactions';
import type { JsonValue } from '../../core/json.ts';

const utf8 = new TextEncoder();

/** Rust's std::ascii::escape_default for one byte. */
function escapeByte(byte: number): string {
  switch (byte) {
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x22:
      return '\\"';
    case 0x27:
      return "\\'";
    case 0x5c:
      return '\\\\';
  }
  return byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
}

const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function repr(value: ClarityValue): string {
  switch (value.type) {
    case 'int':
      return String(value.value);
    case 'uint':
      return `u${value.value}`;
    case 'true':
    case 'false':
      return value.type;
    case 'buffer':
      return `0x${value.value}`;
    case 'address':
    case 'contract':
      return `'${value.value}`;
    case 'none':
      return 'none';
    case 'some':
    case 'ok':
    case 'err':
      return `(${value.type} ${repr(value.value)})`;
    case 'list':
      return `(list${value.value.map((v) => ` ${repr(v)}`).join('')})`;
    case 'tuple':
      return `(tuple${Object.keys(value.value)
        .sort()
        .map((key) => ` (${key} ${repr(value.value[key] as ClarityValue)})`)
        .join('')})`;
    case 'ascii':
      return `"${Array.from(utf8.encode(value.value), escapeByte).join('')}"`;
    case 'utf8':
      return `u"${Array.from(value.value, (char) => {
        const bytes = utf8.encode(char);
        return bytes.length > 1 ? `\\u{${hexOf(bytes)}}` : escapeByte(bytes[0] ?? 0);
      }).join('')}"`;
    default: {
      const unknown: never = value;
      return String(unknown);
    }
  }
}

/** The { hex, repr } pair the Hiro API gives for a value (tx_result, event values, arguments). */
export const hexRepr = (value: ClarityValue): { [key: string]: JsonValue } => ({ hex: cvToHex(value), repr: repr(value) });

export { hexOf };
