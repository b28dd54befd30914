// Xverse's signPsbt, replayed from its code: secretkeylabs/xverse-web-extension 4982c11d (v0.54.2)
// src/app/screens/signPsbtRequest/useSignPsbt.ts (the request as its window reads it),
// useSignPsbtValidationGate.ts (its error screens) and index.tsx (Confirm, and its failure screen);
// secretkeylabs/xverse-core dbcf28fa (v45.1.4) transactions/bitcoin/enhancedPsbt.ts (parse, getSignedPsbtBase64)
// and context.ts (getSignIndexes, each address's signInputs). Run with the @scure/btc-signer it pins, 1.6.0
// (installed as leather-btc-signer). Keys come from the independent derivation (bip39 + bip32) at Xverse's
// 'account' paths. Written from that code; none of this wallet's is used.
import * as btc from 'leather-btc-signer';
import { taprootTweakPrivKey } from 'leather-btc-signer/utils';
import { ECPairFactory } from 'ecpair';
import * as ecc from 'tiny-secp256k1';
import * as bitcoin from 'bitcoinjs-lib';
import { NETWORK, referenceWif, type ReferenceNetwork } from './reference.ts';

const ECPair = ECPairFactory(ecc);
/** Xverse's one random input, BIP-340 auxiliary randomness, fixed to 32 zero bytes as this wallet fixes it. */
const ZERO_AUX = new Uint8Array(32);
bitcoin.initEccLib(ecc);

/** Xverse's words for its screens (src/locales/en.json). */
export const XVERSE_SCREENS = {
  parse: 'Transaction Error',
  address: 'Address Mismatch',
  addressType: 'Address Type Mismatch',
  signing: 'Failed to sign transaction',
} as const;

interface Key {
  privateKey: Uint8Array;
  address: string;
}

function keyAt(path: string, network: ReferenceNetwork, type: 'native' | 'nested' | 'taproot'): Key {
  const pair = ECPair.fromWIF(referenceWif(path, undefined, network), NETWORK[network]);
  const pubkey = Buffer.from(pair.publicKey);
  const net = NETWORK[network];
  const address =
    type === 'native'
      ? bitcoin.payments.p2wpkh({ pubkey, network: net }).address!
      : type === 'nested'
        ? bitcoin.payments.p2sh({ redeem: bitcoin.payments.p2wpkh({ pubkey, network: net }), network: net }).address!
        : bitcoin.payments.p2tr({ internalPubkey: pubkey.subarray(1), network: net }).address!;
  return { privateKey: Uint8Array.from(pair.privateKey!), address };
}

/** Xverse's account `account`: its payment key of the type in use, its other payment type's address, its ordinals key. */
export function xverseReplayAccount(account: number, network: ReferenceNetwork, paymentType: 'native' | 'nested') {
  const coin = network === 'mainnet' ? 0 : 1;
  const native = keyAt(`m/84'/${coin}'/${account}'/0/0`, network, 'native');
  const nested = keyAt(`m/49'/${coin}'/${account}'/0/0`, network, 'nested');
  return {
    payment: paymentType === 'native' ? native : nested,
    other: paymentType === 'native' ? nested : native,
    ordinals: keyAt(`m/86'/${coin}'/${account}'/0/0`, network, 'taproot'),
  };
}

export type XverseReplay = { screen: string } | { psbt: string; finalised: boolean };

/** What Xverse does with signPsbt({ psbt, signInputs, broadcast }): the screen its window shows, or the PSBT Confirm answers. */
export function xverseSignPsbt(
  psbt: string,
  signInputs: Record<string, number[]>,
  broadcast: boolean,
  account: ReturnType<typeof xverseReplayAccount>,
): XverseReplay {
  const inputsToSign = Object.keys(signInputs).map((address) => ({ address, signingIndexes: signInputs[address]! }));
  // useSignPsbt: new EnhancedPsbt(…) in a try; a throw leaves no parsed PSBT.
  try {
    const txn = btc.Transaction.fromPSBT(Buffer.from(psbt, 'base64'));
    for (const input of inputsToSign) for (const index of input.signingIndexes) txn.getInput(index);
  } catch {
    return { screen: XVERSE_SCREENS.parse };
  }
  // useSignPsbtValidationGate: the last input naming neither of the account's addresses sets the screen.
  let screen: string | undefined;
  for (const input of inputsToSign) {
    if (input.address !== account.payment.address && input.address !== account.ordinals.address) {
      // btcAddresses.native / .nested: the account's payment address of either type (its own is excluded above).
      screen = input.address === account.other.address ? XVERSE_SCREENS.addressType : XVERSE_SCREENS.address;
    }
  }
  if (screen) return { screen };
  // Confirm: getSignedPsbtBase64({ finalize: broadcast }); a throw is its failure screen.
  try {
    const transaction = btc.Transaction.fromPSBT(Buffer.from(psbt, 'base64'), { allowUnknownInputs: true, allowUnknownOutputs: true });
    for (const [key, taproot] of [
      [account.payment, false],
      [account.ordinals, true],
    ] as const) {
      // context.ts getSignIndexes, for inputsToSign.
      const signIndexes: Record<number, number[] | undefined> = {};
      for (const inputToSign of inputsToSign) {
        if (inputToSign.address !== key.address) continue;
        for (const index of inputToSign.signingIndexes) {
          if (signIndexes[index]) throw new Error(`Duplicate signing index ${index} for address ${key.address}`);
          const input = transaction.getInput(index);
          signIndexes[index] = undefined;
          if (input.sighashType !== undefined) signIndexes[index] = [input.sighashType];
        }
      }
      for (const [i, allowedSigHash] of Object.entries(signIndexes)) {
        if (!taproot) {
          transaction.signIdx(key.privateKey, +i, allowedSigHash, ZERO_AUX);
          continue;
        }
        // SoftwareP2trAddressContext.signInputs: the key, then the tweaked key for 'No taproot scripts signed'.
        try {
          transaction.signIdx(key.privateKey, +i, allowedSigHash, ZERO_AUX);
        } catch (e) {
          if ((e as Error).message !== 'No taproot scripts signed') throw e;
          try {
            transaction.signIdx(taprootTweakPrivKey(key.privateKey), +i, allowedSigHash, ZERO_AUX);
          } catch {
            throw e;
          }
        }
      }
    }
    if (broadcast) transaction.finalize();
    return { psbt: Buffer.from(transaction.toPSBT()).toString('base64'), finalised: broadcast };
  } catch {
    return { screen: XVERSE_SCREENS.signing };
  }
}
