// signMessage(token): BIP-322 by default, for either address; 'ECDSA' is the legacy "Bitcoin Signed Message" signature,
// for the payment address only, with the BIP-137 segwit header (39–42) as this mock's reading; answers the base64
// signature (docs/reference/magiceden.md §3.2, §5).
import { hexToBytes } from '@noble/hashes/utils.js';
import { signBip322 } from '../../../core/bitcoin/bip322.ts';
import { signMessageEcdsa } from '../../../core/bitcoin/message-ecdsa.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { magicEdenMethod, ownAddress, payloadOf } from './dialect.ts';

export interface SignMessageParams {
  address: string;
  message: string;
  protocol: 'BIP322' | 'ECDSA';
}

export const signMessage = magicEdenMethod<SignMessageParams>({
  name: 'signMessage',
  kind: 'sign',
  parse(raw, settings) {
    const payload = payloadOf('signMessage', raw, settings);
    const { address, message, protocol = 'BIP322' } = payload;
    if (typeof address !== 'string') throw invalidParams(`signMessage: address must be a string, got ${address === undefined ? 'nothing' : describe(address)}`);
    if (typeof message !== 'string') throw invalidParams(`signMessage: message must be a string, got ${message === undefined ? 'nothing' : describe(message)}`);
    if (protocol !== 'BIP322' && protocol !== 'ECDSA') throw invalidParams(`signMessage: protocol must be "BIP322" or "ECDSA", got ${describe(protocol)}`);
    return { address, message, protocol };
  },
  // Another account's address, or ECDSA for the ordinals address: refused before any window opens.
  async precheck(params, context) {
    const entry = ownAddress(context.keys, params.address, 'address', 'signMessage');
    if (params.protocol === 'ECDSA' && entry.purpose !== 'payment')
      throw invalidParams(`signMessage: ECDSA signs for the payment address only (${context.keys.p2wpkh.address}); the ordinals address signs BIP322`);
  },
  view: (params) => ({
    title: 'Sign message',
    fields: [
      { label: 'Message', value: params.message },
      { label: 'Signing address', value: params.address },
      { label: 'Protocol', value: params.protocol },
    ],
    tables: [],
  }),
  async respond(params, context) {
    const entry = ownAddress(context.keys, params.address, 'address', 'signMessage');
    const secrets = await context.secrets();
    if (params.protocol === 'ECDSA') return { result: signMessageEcdsa(params.message, secrets.p2wpkh, 'p2wpkh') };
    const [key, type] = entry.purpose === 'payment' ? ([secrets.p2wpkh, 'p2wpkh'] as const) : ([secrets.p2tr, 'p2tr'] as const);
    return { result: signBip322(params.message, key, hexToBytes(entry.publicKey), type) };
  },
});
