// Independent Bitcoin tooling for the tests: PSBTs built and signatures checked with
// bitcoinjs-lib + tiny-secp256k1 (libsecp256k1) and bip322-js, none of which the wallet uses.
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import type { Verifier as VerifierType } from 'bip322-js';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { NETWORK, type Reference, type ReferenceNetwork } from './reference.ts';

bitcoin.initEccLib(ecc);

export interface TestInput {
  /** The address whose output the input spends; absent: the PSBT says nothing of it. */
  address?: string;
  value: bigint;
  sighashType?: number;
  /** Give the whole previous transaction instead of witnessUtxo. */
  nonWitness?: boolean;
}

/** A fake but well-formed outpoint, different for every input. */
const fakeTxid = (n: number): string => createHash('sha256').update(`test input ${n}`).digest('hex');

/** A PSBT (v0) spending `inputs` to `outputs`, as a dApp would build it with bitcoinjs-lib. */
export function buildPsbt(inputs: TestInput[], outputs: { address: string; value: bigint }[], network: ReferenceNetwork = 'mainnet'): bitcoin.Psbt {
  const net = NETWORK[network];
  const psbt = new bitcoin.Psbt({ network: net });
  inputs.forEach((input, i) => {
    if (input.address === undefined) {
      psbt.addInput({ hash: fakeTxid(i), index: i });
      return;
    }
    const script = bitcoin.address.toOutputScript(input.address, net);
    if (input.nonWitness) {
      const prev = new bitcoin.Transaction();
      prev.addInput(Buffer.from(fakeTxid(1000 + i), 'hex'), 0);
      prev.addOutput(script, input.value);
      psbt.addInput({
        hash: prev.getId(),
        index: 0,
        nonWitnessUtxo: prev.toBuffer(),
        ...(input.sighashType !== undefined && { sighashType: input.sighashType }),
      });
    } else {
      psbt.addInput({
        hash: fakeTxid(i),
        index: i,
        witnessUtxo: { script, value: input.value },
        ...(input.sighashType !== undefined && { sighashType: input.sighashType }),
      });
    }
  });
  for (const output of outputs) psbt.addOutput({ address: output.address, value: output.value });
  return psbt;
}

export const psbtFromHex = (hex: string): bitcoin.Psbt => bitcoin.Psbt.fromHex(hex);

/**
 * Who signed input i, checked by libsecp256k1: the public key of a valid ECDSA partial
 * signature, or 'taproot' for a valid key-path Schnorr signature by `outputKey`.
 */
export function signerOf(psbt: bitcoin.Psbt, index: number, taprootOutputKey?: string): string | undefined {
  const input = psbt.data.inputs[index]!;
  const validator = (pubkey: Uint8Array, hash: Uint8Array, signature: Uint8Array): boolean =>
    pubkey.length === 32 ? ecc.verifySchnorr(hash, pubkey, signature) : ecc.verify(hash, pubkey, signature);
  if (input.tapKeySig) {
    if (!taprootOutputKey) throw new Error(`input ${index} has a taproot signature; pass the output key to check it`);
    return psbt.validateSignaturesOfInput(index, validator, Buffer.from(taprootOutputKey, 'hex')) ? `taproot:${taprootOutputKey}` : 'invalid';
  }
  const partial = input.partialSig?.[0];
  if (!partial) return undefined;
  return psbt.validateSignaturesOfInput(index, validator, partial.pubkey) ? Buffer.from(partial.pubkey).toString('hex') : 'invalid';
}

/** Finalizes and extracts with bitcoinjs-lib: the raw hex and txid a node would see. */
export function extract(psbt: bitcoin.Psbt): { hex: string; txid: string } {
  const copy = bitcoin.Psbt.fromHex(psbt.toHex());
  copy.finalizeAllInputs();
  const tx = copy.extractTransaction(true);
  return { hex: tx.toHex(), txid: tx.getId() };
}

// bip322-js (CommonJS) is loaded at the first verification: most processes that load this file (the runner listing the
// tests, a worker whose tests of it are skipped) verify nothing, and its import is about 0.15 s of CPU.
let verifier: typeof VerifierType | undefined;

export function verifyBip322(address: string, message: string, signature: string): boolean {
  verifier ??= (createRequire(import.meta.url)('bip322-js') as { Verifier: typeof VerifierType }).Verifier;
  return verifier.verifySignature(address, message, signature);
}

/** A raw transaction decoded by bitcoinjs-lib: its inputs' outpoints and its outputs by address. */
export function decodeTransaction(hex: string, network: ReferenceNetwork = 'mainnet') {
  const tx = bitcoin.Transaction.fromHex(hex);
  return {
    txid: tx.getId(),
    inputs: tx.ins.map((i) => ({
      txid: Buffer.from(i.hash).reverse().toString('hex'),
      index: i.index,
      witness: i.witness.map((w) => Buffer.from(w).toString('hex')),
    })),
    outputs: tx.outs.map((o) => ({ address: bitcoin.address.fromOutputScript(o.script, NETWORK[network]), value: o.value })),
    vsize: tx.virtualSize(),
  };
}

/** Checks input `index` of a raw transaction: a valid BIP-143 ECDSA signature by `publicKey` spending `value` from its p2wpkh output. */
export function verifyP2wpkhSpend(hex: string, index: number, publicKey: string, value: bigint): boolean {
  const tx = bitcoin.Transaction.fromHex(hex);
  const [signature, pubkey] = tx.ins[index]!.witness;
  if (!signature || !pubkey || Buffer.from(pubkey).toString('hex') !== publicKey) return false;
  const decoded = bitcoin.script.signature.decode(Buffer.from(signature));
  const scriptCode = bitcoin.payments.p2pkh({ pubkey: Buffer.from(pubkey) }).output!;
  const hash = tx.hashForWitnessV0(index, scriptCode, value, decoded.hashType);
  return ecc.verify(hash, pubkey, decoded.signature);
}

export const FOREIGN_P2WPKH = 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq'; // docs/reference/leather.md §9
// BIP-86's published vector for m/86'/0'/0'/0/1: a taproot key this account's index-0 key is not.
export const FOREIGN_P2TR = 'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh';

/** Inputs 0 and 1: the account's p2wpkh and p2tr; 2 and 3: another wallet's p2wpkh and p2tr (no tapInternalKey). */
export function marketplacePsbt(account: Reference): string {
  return buildPsbt(
    [
      { address: account.p2wpkh.address, value: 50_000n },
      { address: account.p2tr.address, value: 30_000n },
      { address: FOREIGN_P2WPKH, value: 20_000n },
      { address: FOREIGN_P2TR, value: 10_000n },
    ],
    [{ address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', value: 105_000n }],
  ).toHex();
}
