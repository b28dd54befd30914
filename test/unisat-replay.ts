// UniSat's signing path, replayed from its code: unisat-wallet/extension 494345cb (v1.7.4)
// src/background/controller/provider/controller.ts (signPsbt, signMessage), src/background/controller/wallet.ts
// (formatOptionsToSignInputs, signPsbt), src/background/utils/psbt-utils.ts (formatPsbtHex);
// @unisat/keyring-service 1.7.0 src/keyrings/hd-keyring.ts (signTransaction); @unisat/wallet-bitcoin 1.3.0
// src/utils.ts (tweakSigner), src/message/deterministic-ecdsa.ts and src/message/bip322-simple.ts. Run with
// the libraries UniSat's yarn.lock pins: bitcoinjs-lib 6.1.7, ecpair 2.1.0, tiny-secp256k1 2.2.4,
// @noble/secp256k1 1.7.1 (installed as unisat-*). Keys come from the independent derivation (bip39 + bip32).
// Written from that code; none of this wallet's is used.
import * as bitcoin from 'unisat-bitcoinjs-lib';
import { ECPairFactory, type ECPairInterface } from 'unisat-ecpair';
import * as ecc from 'tiny-secp256k1';
import * as noble from 'unisat-noble-secp256k1';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createHash } from 'node:crypto';
import { referenceWif } from './reference.ts';

bitcoin.initEccLib(ecc);
const ECPair = ECPairFactory(ecc);
noble.utils.hmacSha256Sync = (key: Uint8Array, ...messages: Uint8Array[]) => hmac(sha256, key, noble.utils.concatBytes(...messages));

export type UnisatType = 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr' | 'p2pkh' | 'm44-p2wpkh' | 'm44-p2tr';
/** UniSat's ADDRESS_TYPES hdPath (src/shared/constant/index.ts), the account as the last index. */
const PURPOSE: Record<UnisatType, number> = { p2wpkh: 84, 'p2sh-p2wpkh': 49, p2tr: 86, p2pkh: 44, 'm44-p2wpkh': 44, 'm44-p2tr': 44 };
const NETWORKS = { mainnet: bitcoin.networks.bitcoin, testnet: bitcoin.networks.testnet } as const;
export type UnisatNetwork = keyof typeof NETWORKS;

const toXOnly = (key: Buffer): Buffer => key.subarray(1, 33);

export interface UnisatReplayAccount {
  keyPair: ECPairInterface;
  pubkey: string;
  address: string;
}

/** The current account: coin 0' on every network, only the address's prefix follows it (UniSat's keyring). */
export function replayAccount(type: UnisatType, index: number, network: UnisatNetwork): UnisatReplayAccount {
  const keyPair = ECPair.fromWIF(referenceWif(`m/${PURPOSE[type]}'/0'/0'/0/${index}`), bitcoin.networks.bitcoin);
  const pubkey = Buffer.from(keyPair.publicKey);
  const net = NETWORKS[network];
  const { payments } = bitcoin;
  const address =
    type === 'p2wpkh' || type === 'm44-p2wpkh'
      ? payments.p2wpkh({ pubkey, network: net }).address!
      : type === 'p2sh-p2wpkh'
        ? payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network: net }), network: net }).address!
        : type === 'p2pkh'
          ? payments.p2pkh({ pubkey, network: net }).address!
          : payments.p2tr({ internalPubkey: toXOnly(pubkey), network: net }).address!;
  return { keyPair, pubkey: pubkey.toString('hex'), address };
}

interface ToSignInput {
  index: number;
  publicKey: string;
  sighashTypes?: number[];
  useTweakedSigner?: boolean;
  disableTweakSigner?: boolean;
  tapLeafHashToSign?: Buffer;
}
export interface UnisatOptions {
  autoFinalized?: boolean;
  toSignInputs?: {
    index: number | string;
    address?: string;
    publicKey?: string;
    sighashTypes?: (number | string)[];
    useTweakedSigner?: boolean;
    disableTweakSigner?: boolean;
    tapLeafHashToSign?: string;
  }[];
}

/** psbt-utils.ts formatPsbtHex. */
function formatPsbtHex(psbtHex: string): string {
  try {
    if (!/^[0-9a-fA-F]+$/.test(psbtHex)) return bitcoin.Psbt.fromBase64(psbtHex).toHex();
    bitcoin.Psbt.fromHex(psbtHex);
    return psbtHex;
  } catch {
    throw new Error('invalid psbt');
  }
}

function scriptToAddress(script: Buffer, network: UnisatNetwork): string | undefined {
  try {
    return bitcoin.address.fromOutputScript(script, NETWORKS[network]);
  } catch {
    return undefined;
  }
}

/** wallet.ts formatOptionsToSignInputs. */
function formatOptionsToSignInputs(
  psbt: bitcoin.Psbt,
  options: UnisatOptions | undefined,
  account: UnisatReplayAccount,
  network: UnisatNetwork,
): ToSignInput[] {
  let toSignInputs: ToSignInput[] = [];
  if (options && options.toSignInputs) {
    toSignInputs = options.toSignInputs.map((input) => {
      const index = Number(input.index);
      if (isNaN(index)) throw new Error('invalid index in toSignInput');
      if (!input.address && !input.publicKey) throw new Error('no address or public key in toSignInput');
      if (input.address && input.address != account.address) throw new Error('invalid address in toSignInput');
      if (input.publicKey && input.publicKey != account.pubkey) throw new Error('invalid public key in toSignInput');
      const sighashTypes = input.sighashTypes?.map(Number);
      if (sighashTypes?.some(isNaN)) throw new Error('invalid sighash type in toSignInput');
      const tapLeafHashToSign = input.tapLeafHashToSign ? Buffer.from(input.tapLeafHashToSign, 'hex') : undefined;
      return {
        index,
        publicKey: account.pubkey,
        sighashTypes,
        useTweakedSigner: input.useTweakedSigner,
        disableTweakSigner: input.disableTweakSigner,
        tapLeafHashToSign,
      } as ToSignInput;
    });
  } else {
    psbt.data.inputs.forEach((v, index) => {
      let script: Buffer | null = null;
      if (v.witnessUtxo) script = v.witnessUtxo.script;
      else if (v.nonWitnessUtxo) script = bitcoin.Transaction.fromBuffer(v.nonWitnessUtxo).outs[psbt.txInputs[index]!.index]!.script;
      const isSigned = v.finalScriptSig || v.finalScriptWitness || v.tapKeySig || v.partialSig || v.tapScriptSig;
      if (script && !isSigned && scriptToAddress(script, network) === account.address) {
        toSignInputs.push({ index, publicKey: account.pubkey, sighashTypes: v.sighashType ? [v.sighashType] : undefined });
      }
    });
    if (toSignInputs.length === 0) psbt.data.inputs.forEach((_input, index) => void toSignInputs.push({ index, publicKey: account.pubkey }));
  }
  return toSignInputs;
}

/** wallet-bitcoin utils.ts tweakSigner, with no tweak hash. */
function tweakSigner(signer: ECPairInterface): ECPairInterface {
  let privateKey: Uint8Array = signer.privateKey!;
  if (signer.publicKey[0] === 3) privateKey = ecc.privateNegate(privateKey);
  const tweak = bitcoin.crypto.taggedHash('TapTweak', toXOnly(Buffer.from(signer.publicKey)));
  return ECPair.fromPrivateKey(Buffer.from(ecc.privateAdd(privateKey, tweak)!));
}

const isTaprootInput = (input: bitcoin.Psbt['data']['inputs'][number]): boolean =>
  Boolean(
    input.tapInternalKey ||
      input.tapMerkleRoot ||
      input.tapLeafScript?.length ||
      input.tapBip32Derivation?.length ||
      (input.witnessUtxo && isP2TR(input.witnessUtxo.script)),
  );
const isP2TR = (script: Buffer): boolean => script.length === 34 && script[0] === 0x51 && script[1] === 0x20;

/** wallet.ts signPsbt: the fix-up pass, the keyring's signTransaction, then finalizeInput. */
function signPsbt(psbt: bitcoin.Psbt, toSignInputs: ToSignInput[], autoFinalized: boolean, account: UnisatReplayAccount): void {
  psbt.data.inputs.forEach((input, index) => {
    const isSigned = input.finalScriptSig || input.finalScriptWitness || input.tapKeySig || input.partialSig || input.tapScriptSig;
    if (isSigned || !toSignInputs.some((v) => v.index === index)) return;
    let isP2tr = false;
    try {
      bitcoin.payments.p2tr({ output: input.witnessUtxo?.script });
      isP2tr = true;
    } catch {
      // not taproot
    }
    if (!isP2tr) return;
    const originXPubkey = toXOnly(Buffer.from(account.pubkey, 'hex')).toString('hex');
    const tapInternalKey = toXOnly(Buffer.from(account.pubkey, 'hex'));
    const { output } = bitcoin.payments.p2tr({ internalPubkey: tapInternalKey });
    const isKeyPath = input.witnessUtxo?.script.toString('hex') == output?.toString('hex');
    if (isKeyPath) input.tapInternalKey = tapInternalKey;
    else delete input.tapInternalKey;
    if (isKeyPath) return;
    const toSign = toSignInputs.find((v) => v.index === index)!;
    if (toSign.useTweakedSigner == undefined && toSign.disableTweakSigner == undefined) {
      toSign.useTweakedSigner =
        input.tapLeafScript && input.tapLeafScript.length > 0 ? !input.tapLeafScript[0]!.script.toString('hex').includes(originXPubkey) : false;
    }
  });
  // hd-keyring.ts signTransaction.
  for (const input of toSignInputs) {
    const keyPair = account.keyPair;
    if (isTaprootInput(psbt.data.inputs[input.index]!)) {
      let tweak = true;
      if (typeof input.useTweakedSigner === 'boolean') tweak = input.useTweakedSigner;
      else if (typeof input.disableTweakSigner === 'boolean') tweak = !input.disableTweakSigner;
      psbt.signTaprootInput(input.index, tweak ? tweakSigner(keyPair) : keyPair, input.tapLeafHashToSign, input.sighashTypes);
    } else {
      const tweak = typeof input.useTweakedSigner === 'boolean' ? input.useTweakedSigner : false;
      psbt.signInput(input.index, tweak ? tweakSigner(keyPair) : keyPair, input.sighashTypes);
    }
  }
  if (autoFinalized) for (const v of toSignInputs) psbt.finalizeInput(v.index);
}

/** controller.ts signPsbt: what window.unisat.signPsbt(psbtHex, options) resolves with; an Error for what it rejects with. */
export function replaySignPsbt(psbtHex: string, options: UnisatOptions | undefined, account: UnisatReplayAccount, network: UnisatNetwork): string {
  if (!psbtHex) throw new Error('psbtHex is required');
  const hex = formatPsbtHex(psbtHex);
  const psbt = bitcoin.Psbt.fromHex(hex, { network: NETWORKS[network] });
  const autoFinalized = options && options.autoFinalized == false ? false : true;
  signPsbt(psbt, formatOptionsToSignInputs(bitcoin.Psbt.fromHex(hex, { network: NETWORKS[network] }), options, account, network), autoFinalized, account);
  return psbt.toHex();
}

/** deterministic-ecdsa.ts signMessageOfDeterministicECDSA: header 27 + 4 + recovery id, then r ‖ s. */
function signEcdsa(account: UnisatReplayAccount, message: string): string {
  const magic = Buffer.from('Bitcoin Signed Message:\n');
  const body = Buffer.from(message);
  const varint = (n: number): Buffer => (n < 253 ? Buffer.from([n]) : Buffer.from([253, n & 0xff, n >> 8]));
  const hash = createHash('sha256')
    .update(
      createHash('sha256')
        .update(Buffer.concat([varint(magic.length), magic, varint(body.length), body]))
        .digest(),
    )
    .digest();
  const [signature, i] = noble.signSync(Uint8Array.from(hash), Buffer.from(account.keyPair.privateKey!).toString('hex'), {
    canonical: true,
    recovered: true,
    der: false,
  });
  return Buffer.concat([Buffer.from([i + 27 + 4]), Buffer.from(signature)]).toString('base64');
}

/** bip322-simple.ts genPsbtOfBIP322Simple → the wallet's own signPsbt → getSignatureFromPsbtOfBIP322Simple. */
function signBip322(account: UnisatReplayAccount, message: string, type: UnisatType, network: UnisatNetwork): string {
  if (!['p2wpkh', 'p2tr', 'm44-p2wpkh', 'm44-p2tr'].includes(type)) throw new Error('Not support address type to sign');
  const outputScript = bitcoin.address.toOutputScript(account.address, NETWORKS[network]);
  const tag = createHash('sha256').update('BIP0322-signed-message').digest();
  const messageHash = createHash('sha256')
    .update(Buffer.concat([tag, tag, Buffer.from(message)]))
    .digest();
  const toSpend = new bitcoin.Transaction();
  toSpend.version = 0;
  toSpend.addInput(Buffer.alloc(32), 0xffffffff, 0, Buffer.concat([Buffer.from('0020', 'hex'), messageHash]));
  toSpend.addOutput(outputScript, 0);
  const psbt = new bitcoin.Psbt();
  psbt.setVersion(0);
  psbt.addInput({ hash: toSpend.getHash(), index: 0, sequence: 0, witnessUtxo: { script: outputScript, value: 0 } });
  psbt.addOutput({ script: Buffer.from('6a', 'hex'), value: 0 });
  signPsbt(psbt, formatOptionsToSignInputs(psbt, undefined, account, network), true, account);
  const witness = psbt.extractTransaction().ins[0]!.witness;
  const varString = (b: Buffer): Buffer => Buffer.concat([Buffer.from([b.length]), b]);
  return Buffer.concat([Buffer.from([witness.length]), ...witness.map(varString)]).toString('base64');
}

/** controller.ts signMessage: 'bip322-simple', else ECDSA. */
export function replaySignMessage(
  text: string,
  type: string | undefined,
  addressType: UnisatType,
  account: UnisatReplayAccount,
  network: UnisatNetwork,
): string {
  if (!text) throw new Error('text is required');
  return type === 'bip322-simple' ? signBip322(account, text, addressType, network) : signEcdsa(account, text);
}
