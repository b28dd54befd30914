// Output scripts as Esplora describes them: their type, address and assembly text.
// Names follow rust-bitcoin's opcodes (rust-bitcoin/rust-bitcoin, bitcoin/src/blockdata/opcodes.rs),
// which Blockstream/electrs prints in `scriptpubkey_asm` and `scriptsig_asm`.
import { hex } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { REGTEST } from './params.ts';

const NAMED: Record<number, string> = {
  0x4c: 'OP_PUSHDATA1',
  0x4d: 'OP_PUSHDATA2',
  0x4e: 'OP_PUSHDATA4',
  0x4f: 'OP_PUSHNUM_NEG1',
  0x50: 'OP_RESERVED',
  0x61: 'OP_NOP',
  0x62: 'OP_VER',
  0x63: 'OP_IF',
  0x64: 'OP_NOTIF',
  0x65: 'OP_VERIF',
  0x66: 'OP_VERNOTIF',
  0x67: 'OP_ELSE',
  0x68: 'OP_ENDIF',
  0x69: 'OP_VERIFY',
  0x6a: 'OP_RETURN',
  0x6b: 'OP_TOALTSTACK',
  0x6c: 'OP_FROMALTSTACK',
  0x6d: 'OP_2DROP',
  0x6e: 'OP_2DUP',
  0x6f: 'OP_3DUP',
  0x70: 'OP_2OVER',
  0x71: 'OP_2ROT',
  0x72: 'OP_2SWAP',
  0x73: 'OP_IFDUP',
  0x74: 'OP_DEPTH',
  0x75: 'OP_DROP',
  0x76: 'OP_DUP',
  0x77: 'OP_NIP',
  0x78: 'OP_OVER',
  0x79: 'OP_PICK',
  0x7a: 'OP_ROLL',
  0x7b: 'OP_ROT',
  0x7c: 'OP_SWAP',
  0x7d: 'OP_TUCK',
  0x7e: 'OP_CAT',
  0x7f: 'OP_SUBSTR',
  0x80: 'OP_LEFT',
  0x81: 'OP_RIGHT',
  0x82: 'OP_SIZE',
  0x83: 'OP_INVERT',
  0x84: 'OP_AND',
  0x85: 'OP_OR',
  0x86: 'OP_XOR',
  0x87: 'OP_EQUAL',
  0x88: 'OP_EQUALVERIFY',
  0x89: 'OP_RESERVED1',
  0x8a: 'OP_RESERVED2',
  0x8b: 'OP_1ADD',
  0x8c: 'OP_1SUB',
  0x8d: 'OP_2MUL',
  0x8e: 'OP_2DIV',
  0x8f: 'OP_NEGATE',
  0x90: 'OP_ABS',
  0x91: 'OP_NOT',
  0x92: 'OP_0NOTEQUAL',
  0x93: 'OP_ADD',
  0x94: 'OP_SUB',
  0x95: 'OP_MUL',
  0x96: 'OP_DIV',
  0x97: 'OP_MOD',
  0x98: 'OP_LSHIFT',
  0x99: 'OP_RSHIFT',
  0x9a: 'OP_BOOLAND',
  0x9b: 'OP_BOOLOR',
  0x9c: 'OP_NUMEQUAL',
  0x9d: 'OP_NUMEQUALVERIFY',
  0x9e: 'OP_NUMNOTEQUAL',
  0x9f: 'OP_LESSTHAN',
  0xa0: 'OP_GREATERTHAN',
  0xa1: 'OP_LESSTHANOREQUAL',
  0xa2: 'OP_GREATERTHANOREQUAL',
  0xa3: 'OP_MIN',
  0xa4: 'OP_MAX',
  0xa5: 'OP_WITHIN',
  0xa6: 'OP_RIPEMD160',
  0xa7: 'OP_SHA1',
  0xa8: 'OP_SHA256',
  0xa9: 'OP_HASH160',
  0xaa: 'OP_HASH256',
  0xab: 'OP_CODESEPARATOR',
  0xac: 'OP_CHECKSIG',
  0xad: 'OP_CHECKSIGVERIFY',
  0xae: 'OP_CHECKMULTISIG',
  0xaf: 'OP_CHECKMULTISIGVERIFY',
  0xb0: 'OP_NOP1',
  0xb1: 'OP_CLTV',
  0xb2: 'OP_CSV',
  0xba: 'OP_CHECKSIGADD',
  0xff: 'OP_INVALIDOPCODE',
};

function opName(op: number): string {
  if (op === 0) return 'OP_0';
  if (op <= 0x4b) return `OP_PUSHBYTES_${op}`;
  if (op >= 0x51 && op <= 0x60) return `OP_PUSHNUM_${op - 0x50}`;
  if (op >= 0xb3 && op <= 0xb9) return `OP_NOP${op - 0xb3 + 4}`;
  return NAMED[op] ?? `OP_RETURN_${op}`;
}

/** The script as rust-bitcoin's `to_asm_string` writes it: each push's bytes in hex after its opcode. */
export function scriptAsm(script: Uint8Array): string {
  const words: string[] = [];
  for (let i = 0; i < script.length; ) {
    const op = script[i++]!;
    words.push(opName(op));
    let size = -1;
    if (op >= 0x01 && op <= 0x4b) size = op;
    else if (op >= 0x4c && op <= 0x4e) {
      const width = op === 0x4c ? 1 : op === 0x4d ? 2 : 4;
      if (i + width > script.length) return `${words.join(' ')} <unexpected end>`;
      size = 0;
      for (let k = width - 1; k >= 0; k--) size = size * 256 + script[i + k]!;
      i += width;
    }
    if (size >= 0) {
      if (i + size > script.length) return `${words.join(' ')} <push past end>`;
      if (size > 0) words.push(hex.encode(script.subarray(i, i + size)));
      i += size;
    }
  }
  return words.join(' ');
}

/** Esplora's `scriptpubkey_type` (electrs, src/rest.rs `script_type`). */
export type ScriptType = 'p2pk' | 'p2pkh' | 'p2sh' | 'v0_p2wpkh' | 'v0_p2wsh' | 'v1_p2tr' | 'op_return' | 'multisig' | 'unknown' | 'empty' | 'anchor';

export interface OutputInfo {
  type: ScriptType;
  /** The regtest address, for the types that have one. */
  address?: string;
}

const isOpReturn = (s: Uint8Array) => s[0] === 0x6a;
const isAnchor = (s: Uint8Array) => s.length === 4 && s[0] === 0x51 && s[1] === 0x02 && s[2] === 0x4e && s[3] === 0x73;

/** What kind of output script this is, and its address on regtest. */
export function describeOutput(script: Uint8Array): OutputInfo {
  if (script.length === 0) return { type: 'empty' };
  if (isOpReturn(script)) return { type: 'op_return' };
  if (isAnchor(script)) return { type: 'anchor', address: Address(REGTEST).encode({ type: 'unknown', script }) };
  const kind: Partial<Record<string, ScriptType>> = { pk: 'p2pk', pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr', ms: 'multisig' };
  try {
    const type = kind[OutScript.decode(script).type] ?? 'unknown';
    if (type === 'p2pk' || type === 'multisig' || type === 'unknown') return { type };
    return { type, address: Address(REGTEST).encode(OutScript.decode(script)) };
  } catch {
    return { type: 'unknown' };
  }
}

/** An address's output script on regtest (or another network), or undefined when it is not one of its addresses. */
export function addressScript(address: string, network: BTC_NETWORK = REGTEST): Uint8Array | undefined {
  try {
    return OutScript.encode(Address(network).decode(address));
  } catch {
    return undefined;
  }
}
