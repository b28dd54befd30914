// signMessage (Xverse): ECDSA (BIP-137) for the payment address, BIP-322 for ordinals or when asked (docs/reference/xverse.md §3.2).
import { base64 } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { bip322MessageHash, signBip322 } from '../../../core/bitcoin/bip322.ts';
import { magicHash, signMessageEcdsa } from '../../../core/bitcoin/message-ecdsa.ts';
import type { XverseAddress } from '../account.ts';
import { describe } from '../../../core/methods/fields.ts';
import { defineMethod } from '../../../core/methods/method.ts';
import { REQUEST_REJECTED, invalid, paramsOf, secretOf, xverseMethod, xverseOf } from './dialect.ts';

export interface XverseSignMessageParams {
  address: string;
  message: string;
  protocol?: 'ECDSA' | 'BIP322';
}

/** The active account's entry for the address: ordinals, or payment of the current payment type. */
async function signer(params: XverseSignMessageParams, context: Parameters<typeof xverseOf>[0]): Promise<XverseAddress> {
  const { ordinals, payment } = (await xverseOf(context)).addresses;
  const entry = [payment, ordinals].find((a) => a.address === params.address);
  if (!entry) {
    throw invalid(
      `address ${params.address.slice(0, 100)} is not the active account's payment (${payment.address}) or ordinals (${ordinals.address}) address; ` +
        'this mock signs for the active account only (Xverse would switch to the account that owns it)',
    );
  }
  if (entry.addressType === 'p2tr' && params.protocol === 'ECDSA') throw invalid('ECDSA is not supported for Taproot Addresses');
  return entry;
}

export const xverseSignMessage = xverseMethod(
  defineMethod<XverseSignMessageParams>({
    name: 'signMessage',
    kind: 'sign',
    parse(raw) {
      const params = paramsOf('signMessage', raw, "{ address, message, protocol?: 'ECDSA' | 'BIP322' }");
      const { address, message, protocol } = params;
      if (typeof address !== 'string') throw invalid(`address must be a string, got ${address === undefined ? 'nothing' : describe(address)}`);
      if (typeof message !== 'string') throw invalid(`message must be a string, got ${message === undefined ? 'nothing' : describe(message)}`);
      if (protocol !== undefined && protocol !== 'ECDSA' && protocol !== 'BIP322')
        throw invalid(`protocol must be "ECDSA" or "BIP322", got ${describe(protocol)}`);
      return { address, message, ...(protocol !== undefined && { protocol }) };
    },
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    // An address the active account does not have, or ECDSA for taproot: refused before any window opens.
    precheck: async (params, context) => void (await signer(params, context)),
    view: (params) => ({
      title: 'Sign message',
      fields: [
        { label: 'Message', value: params.message },
        { label: 'Signing address', value: params.address },
        { label: 'Protocol', value: params.protocol ?? 'default (ECDSA for payment, BIP-322 for ordinals)' },
      ],
      tables: [],
    }),
    async respond(params, context) {
      const entry = await signer(params, context);
      const key = await secretOf(context, entry.purpose);
      const type = entry.addressType === 'p2tr' ? 'p2tr' : entry.addressType === 'p2sh' ? 'p2sh-p2wpkh' : 'p2wpkh';
      // Xverse's default: ECDSA for a payment key, BIP-322 for taproot.
      const protocol = params.protocol ?? (type === 'p2tr' ? 'BIP322' : 'ECDSA');
      const signature =
        protocol === 'BIP322'
          ? signBip322(params.message, key, hexToBytes(type === 'p2tr' ? `02${entry.publicKey}` : entry.publicKey), type)
          : signMessageEcdsa(params.message, key, type as 'p2wpkh' | 'p2sh-p2wpkh');
      // As Xverse: the BIP-322 hash (hex) only when the app asked for BIP322, else the legacy magic hash (base64).
      const messageHash = params.protocol === 'BIP322' ? bytesToHex(bip322MessageHash(params.message)) : base64.encode(magicHash(params.message));
      return { result: { address: entry.address, messageHash, signature, protocol } };
    },
    rejection: { rejected: REQUEST_REJECTED, closed: 'User rejected request to sign Message' },
  }),
);
