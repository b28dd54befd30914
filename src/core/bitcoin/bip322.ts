// BIP-322 "simple" message signatures, built as the real wallet builds them (docs/reference/leather.md §5.1).
import { base64 } from '@scure/base';
import { RawWitness, Script, Transaction, p2sh, p2tr, p2wpkh } from '@scure/btc-signer';
import { tagSchnorr } from '@scure/btc-signer/utils.js';
import { NO_AUX_RANDOMNESS } from './sighash.ts';

const ZERO_TXID = new Uint8Array(32);

export function bip322MessageHash(message: string): Uint8Array {
  return tagSchnorr('BIP0322-signed-message', new TextEncoder().encode(message));
}

/** The virtual transaction that "spends" nothing to the signing address's script. */
function toSpend(script: Uint8Array, message: string): Transaction {
  const tx = new Transaction({ version: 0, allowUnknownInputs: true, allowUnknownOutputs: true, disableScriptCheck: true });
  tx.addOutput({ script, amount: 0n }); // first: an input with a scriptSig counts as signed
  tx.addInput({ txid: ZERO_TXID, index: 0xffffffff, sequence: 0, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]) });
  return tx;
}

/**
 * The base64 witness of `to_sign`. p2wpkh: ECDSA (RFC 6979), SIGHASH_ALL. p2tr: BIP-86
 * key path, SIGHASH_DEFAULT, a 64-byte Schnorr signature with zero auxiliary randomness
 * (the real wallet's is random; this one is deterministic and just as valid).
 */
export function signBip322(message: string, privateKey: Uint8Array, publicKey: Uint8Array, type: 'p2wpkh' | 'p2tr' | 'p2sh-p2wpkh'): string {
  const xOnly = publicKey.subarray(1);
  // Nested segwit (Xverse's 'nested' payment address): the p2wpkh program behind a p2sh script.
  const nested = type === 'p2sh-p2wpkh' ? p2sh(p2wpkh(publicKey)) : undefined;
  const { script } = nested ?? (type === 'p2wpkh' ? p2wpkh(publicKey) : p2tr(xOnly));
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true });
  toSign.addInput({
    txid: toSpend(script, message).id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(type === 'p2tr' && { tapInternalKey: xOnly }),
    ...(nested && { redeemScript: nested.redeemScript }),
  });
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n });
  toSign.signIdx(privateKey, 0, undefined, NO_AUX_RANDOMNESS);
  toSign.finalizeIdx(0);
  const witness = toSign.getInput(0).finalScriptWitness;
  if (!witness) throw new Error('BIP-322: the signed input has no witness');
  return base64.encode(RawWitness.encode(witness));
}
