// The real wallet's signPsbt, replayed: Leather 6.73.4's software signing path (signer-config.ts,
// useAddTapInternalKeysIfMissing and useSignBitcoinSoftwareTx in leather-io/extension) with the
// @scure/btc-signer it pins (1.6.0, installed as leather-btc-signer). Keys come from the
// independent derivation (bip39 + bip32); the one random input, BIP-340 aux randomness, is fixed
// to 32 zero bytes as this wallet fixes it. Written from that code; none of this wallet's is used.
import * as btc from 'leather-btc-signer';
import { NETWORK, referenceWif, type ReferenceNetwork } from './reference.ts';
import * as bitcoin from 'bitcoinjs-lib';
import { ECPairFactory } from 'ecpair';
import * as ecc from 'tiny-secp256k1';

const ECPair = ECPairFactory(ecc);

// Leather's allSighashTypes (bitcoin-signer.ts), ALL_ANYONECANPAY listed twice as there.
const ALL_SIGHASH_TYPES = [0x00, 0x01, 0x02, 0x03, 0x81, 0x81, 0x82, 0x83];
const ZERO_AUX = new Uint8Array(32);

const privateKey = (path: string, network: ReferenceNetwork): Uint8Array =>
  ECPair.fromWIF(referenceWif(path, undefined, network), NETWORK[network]).privateKey!;

/**
 * What the real wallet answers `signPsbt({ hex, signAtIndex })` with, for `account` on `network`
 * (mainnet or a test network: coin type 0 or 1).
 */
export function leatherSignPsbt(hex: string, signAtIndex: number | number[] | undefined, account: number, network: ReferenceNetwork = 'mainnet'): string {
  const coin = network === 'mainnet' ? 0 : 1;
  const p2wpkhKey = privateKey(`m/84'/${coin}'/${account}'/0/0`, network);
  const p2trKey = privateKey(`m/86'/${coin}'/${account}'/0/0`, network);
  const tapInternalKey = ecc.xOnlyPointFromScalar(p2trKey);

  // useRpcSignPsbtParams: undefinedIfLengthZero(ensureArray(signAtIndex)).
  const listed = signAtIndex === undefined ? [] : Array.isArray(signAtIndex) ? signAtIndex : [signAtIndex];
  const tx = btc.Transaction.fromPSBT(Buffer.from(hex, 'hex'));
  const indexes = listed.length > 0 ? listed : [...Array(tx.inputsLength).keys()];

  // useAddTapInternalKeysIfMissing, over the requested inputs only.
  for (const index of indexes) {
    const input = tx.getInput(index);
    const script = input.witnessUtxo?.script && btc.OutScript.decode(input.witnessUtxo.script);
    if (script?.type === 'tr' && !input.tapInternalKey && !input.tapLeafScript) tx.updateInput(index, { ...input, tapInternalKey });
  }

  // useSignBitcoinSoftwareTx: a fresh transaction from the PSBT, then the segwit key, else the taproot key, errors swallowed.
  const signing = btc.Transaction.fromPSBT(tx.toPSBT());
  for (const index of indexes) {
    try {
      signing.signIdx(p2wpkhKey, index, ALL_SIGHASH_TYPES, ZERO_AUX);
    } catch {
      try {
        signing.signIdx(p2trKey, index, ALL_SIGHASH_TYPES, ZERO_AUX);
      } catch {
        // left unsigned, as the real wallet leaves it
      }
    }
  }
  return Buffer.from(signing.toPSBT()).toString('hex');
}

/** One input of a PSBT, decoded by bitcoinjs-lib into plain hex fields, for field-by-field comparison. */
export function inputFields(hex: string, index: number): Record<string, unknown> {
  const input = bitcoin.Psbt.fromHex(hex).data.inputs[index]!;
  return JSON.parse(
    JSON.stringify(input, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('hex') : typeof value === 'bigint' ? String(value) : value,
    ),
  );
}
