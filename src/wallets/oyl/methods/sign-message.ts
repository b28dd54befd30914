// signMessage({ address, message, protocol }): BIP-322 simple by default, or 'ecdsa' in the form the oylEcdsa
// setting names, by the entry whose address the app gave (docs/reference/oyl.md §5).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { signMessageHashRsv } from '@stacks/transactions';
import { signBip322 } from '../../../core/bitcoin/bip322.ts';
import { signMessageEcdsa } from '../../../core/bitcoin/message-ecdsa.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { MethodContext } from '../../../core/methods/method.ts';
import { OYL_ENTRIES, type OylEntry } from '../keys.ts';
import { objectArg, oylKeyOf, oylMethod, oylOf } from './dialect.ts';

export interface OylSignMessageParams {
  address: string;
  message: string;
  protocol: 'bip322' | 'ecdsa';
}

const EXAMPLE = "[{ address, message, protocol: 'bip322' | 'ecdsa' }]";

/** The current account's entry with that address: the app names it (LaserEyes its payment address, Dynamic its taproot one). */
async function entryOf(params: OylSignMessageParams, context: MethodContext): Promise<OylEntry> {
  const account = await oylOf(context);
  const entry = OYL_ENTRIES.map((name) => account[name]).find((e) => e.address === params.address);
  if (!entry)
    throw invalidParams(
      `address ${params.address.slice(0, 100)} is none of the current account's (${OYL_ENTRIES.map((name) => `${name} ${account[name].address}`).join(', ')})`,
    );
  return entry;
}

/** @oyl/sdk's 'ecdsa': ECDSA (RFC 6979, low s) over sha256(message), r ‖ s, no header byte, base64. */
export function sdkEcdsa(message: string, privateKey: Uint8Array): string {
  const rsv = hexToBytes(signMessageHashRsv({ messageHash: bytesToHex(sha256(utf8ToBytes(message))), privateKey: bytesToHex(privateKey) }));
  return base64.encode(rsv.subarray(0, 64));
}

/** BIP-137's header for the entry: segwit headers for the segwit entries, the compressed-P2PKH one for legacy and taproot (as bitcoinjs-message signs). */
const BIP137_TYPE = { taproot: 'p2pkh', nativeSegwit: 'p2wpkh', nestedSegwit: 'p2sh-p2wpkh', legacy: 'p2pkh' } as const;
/** The script BIP-322 signs for; legacy has none here (bip322-js gives a P2PKH address its BIP-137 signature). */
const BIP322_TYPE = { taproot: 'p2tr', nativeSegwit: 'p2wpkh', nestedSegwit: 'p2sh-p2wpkh', legacy: undefined } as const;

export const signMessage = oylMethod<OylSignMessageParams>({
  name: 'signMessage',
  kind: 'sign',
  gate: 'site',
  parse(raw) {
    const { address, message, protocol } = objectArg('signMessage', raw, EXAMPLE);
    if (typeof address !== 'string')
      throw invalidParams(`address must be one of the account's addresses, got ${address === undefined ? 'nothing' : describe(address)}`);
    if (typeof message !== 'string') throw invalidParams(`message must be a string, got ${message === undefined ? 'nothing' : describe(message)}`);
    if (protocol !== undefined && protocol !== null && protocol !== 'bip322' && protocol !== 'ecdsa')
      throw invalidParams(`protocol must be 'bip322' (the default) or 'ecdsa', got ${describe(protocol)}`);
    return { address, message, protocol: protocol === 'ecdsa' ? 'ecdsa' : 'bip322' };
  },
  // An address the current account does not have: refused as the request arrives, with no window.
  precheck: async (params, context) => void (await entryOf(params, context)),
  view: (params, context) => ({
    title: 'Sign message',
    fields: [
      { label: 'Message', value: params.message },
      { label: 'Signing address', value: params.address },
      { label: 'Protocol', value: params.protocol === 'ecdsa' ? `ecdsa (${context.settings.oylEcdsa})` : 'bip322' },
    ],
    tables: [],
  }),
  async respond(params, context) {
    const entry = await entryOf(params, context);
    const key = await oylKeyOf(context, entry.name);
    let signature: string;
    if (params.protocol === 'ecdsa')
      signature = context.settings.oylEcdsa === 'sdk' ? sdkEcdsa(params.message, key) : signMessageEcdsa(params.message, key, BIP137_TYPE[entry.name]);
    else {
      // BIP-322 as bip322-js signs it, which @oyl/sdk calls: a legacy address gets its BIP-137 signature.
      const type = BIP322_TYPE[entry.name];
      signature = type ? signBip322(params.message, key, hexToBytes(entry.publicKey), type) : signMessageEcdsa(params.message, key, 'p2pkh');
    }
    return { result: { address: params.address, signature } };
  },
});
