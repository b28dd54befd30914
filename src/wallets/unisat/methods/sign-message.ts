// signMessage(text, type): BIP-322 simple when type is 'bip322-simple', else the legacy ECDSA message
// signature with the compressed-P2PKH header (31–34) whatever the address type (docs/reference/unisat.md §3.4, §5).
import { hexToBytes } from '@noble/hashes/utils.js';
import { signBip322 } from '../../../core/bitcoin/bip322.ts';
import { signMessageEcdsa } from '../../../core/bitcoin/message-ecdsa.ts';
import { describe } from '../../../core/methods/fields.ts';
import { argsOf, failure, unisatKeyOf, unisatMethod, unisatOf } from './dialect.ts';

export interface UnisatSignMessageParams {
  text: string;
  bip322: boolean;
}

export const signMessage = unisatMethod<UnisatSignMessageParams>({
  name: 'signMessage',
  kind: 'sign',
  gate: 'site',
  parse(raw) {
    const [text, type] = argsOf('signMessage', raw, '["Hello World", "bip322-simple"]');
    if (text === undefined || text === null || text === '') throw failure('text is required');
    if (typeof text !== 'string') throw failure(`text must be a string, got ${describe(text)}`);
    // Any other type, none included, is ECDSA: UniSat tests for 'bip322-simple' alone.
    return { text, bip322: type === 'bip322-simple' };
  },
  view: ({ text, bip322 }, context) => ({
    title: 'Sign message',
    fields: [
      { label: 'Message', value: text },
      { label: 'Type', value: bip322 ? 'bip322-simple' : 'ecdsa' },
      { label: 'Address type', value: context.settings.unisatAddressType },
    ],
    tables: [],
  }),
  async respond({ text, bip322 }, context) {
    const account = await unisatOf(context);
    const key = await unisatKeyOf(context);
    if (!bip322) return { result: signMessageEcdsa(text, key, 'p2pkh') };
    // UniSat signs BIP-322 for segwit v0 and taproot scripts only, after the window (its wallet-bitcoin's words).
    if (account.script !== 'p2wpkh' && account.script !== 'p2tr') throw failure('Not support address type to sign');
    return { result: signBip322(text, key, hexToBytes(account.publicKey), account.script) };
  },
});
