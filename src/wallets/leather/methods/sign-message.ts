// signMessage: a BIP-322 "simple" signature by the account's p2wpkh or p2tr key (docs/reference/leather.md §5.1).
import { hexToBytes } from '@noble/hashes/utils.js';
import { signBip322 } from '../../../core/bitcoin/bip322.ts';
import type { NetworkName } from '../../../core/networks.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { describe, networkId, optionalAccount, paramsObject, requiredString } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';

export interface SignMessageParams {
  message: string;
  paymentType: 'p2wpkh' | 'p2tr';
  account?: number;
  network: NetworkName;
}

export const signMessage = defineMethod<SignMessageParams>({
  name: 'signMessage',
  kind: 'sign',
  parse(raw) {
    const params = paramsObject('signMessage', raw, '{ message, paymentType? }');
    const message = requiredString(params, 'message');
    const paymentType = params['paymentType'] ?? 'p2wpkh';
    if (paymentType !== 'p2wpkh' && paymentType !== 'p2tr') throw invalidParams(`paymentType must be "p2wpkh" or "p2tr", got ${describe(paymentType)}`);
    const type = params['type'];
    // The real wallet signs BIP-322 only; it has no legacy "Bitcoin Signed Message".
    if (type !== undefined && type !== 'bip322')
      throw invalidParams(`type must be "bip322" (this wallet, like the real one, has no legacy message signing), got ${describe(type)}`);
    // The real wallet defaults to mainnet here, whatever network it is on.
    const network = networkId(params, 'mainnet');
    const account = optionalAccount(params);
    return { message, paymentType, network, ...(account !== undefined && { account }) };
  },
  requestedAccount: (params) => params.account,
  network: (params) => params.network,
  view: (params, { keys }) => ({
    title: 'Sign message',
    fields: [
      { label: 'Message', value: params.message },
      { label: 'Signing address', value: keys[params.paymentType].address },
      { label: 'Key', value: params.paymentType === 'p2wpkh' ? 'Native SegWit (p2wpkh)' : 'Taproot (p2tr)' },
      { label: 'Format', value: 'BIP-322 simple' },
    ],
    tables: [],
  }),
  async respond(params, { keys, secrets }) {
    const key = keys[params.paymentType];
    const signature = signBip322(params.message, (await secrets())[params.paymentType], hexToBytes(key.publicKey), params.paymentType);
    return { result: { signature, address: key.address, message: params.message } };
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
