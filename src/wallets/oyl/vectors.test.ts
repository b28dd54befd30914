// Oyl's answers on the vectors of docs/reference/oyl.md §8, each also checked with libraries the wallet does not
// use: bip32 + bitcoinjs-lib for keys and addresses, bip322-js and bitcoinjs-message for message signatures,
// tiny-secp256k1 for the raw ECDSA form, and @oyl/sdk's signAllInputs replayed on bitcoinjs-lib + ecpair for PSBTs.
import { test, expect } from '@playwright/test';
import { createHash } from 'node:crypto';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BIP32Factory } from 'bip32';
import { ECPairFactory, type ECPairInterface } from 'ecpair';
import * as bip39 from 'bip39';
import bitcoinMessage from 'bitcoinjs-message';
import { Signer } from 'bip322-js';
import { FOREIGN_P2WPKH, buildPsbt, signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';
import { NETWORK, TEST_MNEMONIC, referenceWif, type ReferenceNetwork } from '../../../test/reference.ts';
import { KeyRing } from '../../core/keyring.ts';
import type { NetworkName } from '../../core/networks.ts';
import type { Settings } from '../../core/settings.ts';
import { respond } from '../../core/wallet.ts';
import { defaultSettings } from '../settings.ts';
import { approvedResponse, prepareCall } from '../answer.ts';
import { oylEvents } from './events.ts';

bitcoin.initEccLib(ecc);
const bip32 = BIP32Factory(ecc);
const ECPair = ECPairFactory(ecc);
const ring = new KeyRing();
const CONNECTED = { origin: 'https://app.example', grant: { accounts: [], readNetwork: false } };

async function call(method: string, params: unknown[] | undefined, patch: Partial<Settings> = {}, connected = true) {
  const settings = { ...defaultSettings(), ...patch };
  return approvedResponse(ring, settings, 'o1', method, params as never, undefined, { identity: 'oyl', ...(connected && { site: CONNECTED }) });
}
async function result(method: string, params?: unknown[], patch: Partial<Settings> = {}): Promise<unknown> {
  const response = await call(method, params, patch);
  if (!('result' in response)) throw new Error(`${method}: ${JSON.stringify(response)}`);
  return response.result;
}
/** The whole outcome, the transaction to send included (approvedResponse gives the page's answer only). */
async function outcome(method: string, params: unknown[], patch: Partial<Settings> = {}) {
  const settings = { ...defaultSettings(), ...patch };
  const prepared = await prepareCall(ring, method, params as never, settings, undefined, 'oyl', CONNECTED.grant);
  return respond(ring, settings, prepared, undefined, CONNECTED);
}

type Entry = 'taproot' | 'nativeSegwit' | 'nestedSegwit' | 'legacy';
type Vector = Record<Entry, [address: string, publicKey: string]>;

// §8.1, as published there; regtest keeps coin 0' (the mainnet keys), testnet and signet take coin 1'.
const MAIN_0: Vector = {
  taproot: ['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115'],
  nativeSegwit: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c'],
  nestedSegwit: ['37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf', '039b3b694b8fc5b5e07fb069c783cac754f5d38c3e08bed1960e31fdb1dda35c24'],
  legacy: ['1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', '03aaeb52dd7494c361049de67cc680e83ebcbbbdbeb13637d92cd845f70308af5e'],
};
const MAIN_1: Vector = {
  taproot: ['bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh', '0283dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145'],
  nativeSegwit: ['bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g', '03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77'],
  nestedSegwit: ['3LtMnn87fqUeHBUG414p9CWwnoV6E2pNKS', '022a421fa4a65a87d1c3e4238155d85f7bd2c5bb87632f331b5722f110586aa198'],
  legacy: ['1Ak8PffB2meyfYnbXZR9EGfLfFZVpzJvQP', '02dfcaec532010d704860e20ad6aff8cf3477164ffb02f93d45c552dadc70ed24f'],
};
const VECTORS: [NetworkName, number, Vector][] = [
  ['mainnet', 0, MAIN_0],
  ['mainnet', 1, MAIN_1],
  [
    'regtest',
    0,
    {
      taproot: ['bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqvg32hk', MAIN_0.taproot[1]],
      nativeSegwit: ['bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zeqchgx', MAIN_0.nativeSegwit[1]],
      nestedSegwit: ['2My47gHNc8nhX5kBWqXHU4f8uuQvQKEgwMd', MAIN_0.nestedSegwit[1]],
      legacy: ['n1M8ZVQtL7QoFvGMg24D6b2ojWvFXCGpoS', MAIN_0.legacy[1]],
    },
  ],
  [
    'regtest',
    1,
    {
      taproot: ['bcrt1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0waslcutpz', MAIN_1.taproot[1]],
      nativeSegwit: ['bcrt1qnjg0jd8228aq7egyzacy8cys3knf9xvr3v5hfj', MAIN_1.nativeSegwit[1]],
      nestedSegwit: ['2NCSZrX49HHyzUy6oj8ggm9WD19hFvjzzou', MAIN_1.nestedSegwit[1]],
      legacy: ['mqG5gik9qo6ESfGDF8PX4BsfXFACgVnMBM', MAIN_1.legacy[1]],
    },
  ],
  [
    'testnet',
    0,
    {
      taproot: ['tb1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqlqt9zj', '0255355ca83c973f1d97ce0e3843c85d78905af16b4dc531bc488e57212d230116'],
      nativeSegwit: ['tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', '02e7ab2537b5d49e970309aae06e9e49f36ce1c9febbd44ec8e0d1cca0b4f9c319'],
      nestedSegwit: ['2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2', '03a1af804ac108a8a51782198c2d034b28bf90c8803f5a53f76276fa69a4eae77f'],
      legacy: ['mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV', '02a7451395735369f2ecdfc829c0f774e88ef1303dfe5b2f04dbaab30a535dfdd6'],
    },
  ],
  [
    'signet',
    1,
    {
      taproot: ['tb1p90h6z3p36n9hrzy7580h5l429uwchyg8uc9sz4jwzhdtuhqdl5eqmpwq6n', '033058679f6d60b87ef921d98a2a9a1f1e0779dae27bedbd1cdb2f147a07835ac9'],
      nativeSegwit: ['tb1qd7spv5q28348xl4myc8zmh983w5jx32cjhkn97', '03eeed205a69022fed4a62a02457f3699b19c06bf74bf801acc6d9ae84bc16a9e1'],
      nestedSegwit: ['2N55m54k8vr95ggehfUcNkdbUuQvaqG2GxK', '03b22d357d64aa0c10caffcdaeb22fca282b31f011c8c2c8c6d5e56a676d52c803'],
      legacy: ['mzpbWabUQm1w8ijuJnAof5eiSTep27deVH', '03589ae7c835ce76e23cf8feb32f1adf4a7f2ba0ed2ad70801802b0bcd70e99c1c'],
    },
  ],
];

const PURPOSE: Record<Entry, number> = { taproot: 86, nativeSegwit: 84, nestedSegwit: 49, legacy: 44 };
/** @oyl/sdk's path for an entry (account.ts getHDPaths, 'bip44_account_last'): coin 1' on bitcoinjs' testnet only. */
const sdkPath = (entry: Entry, network: ReferenceNetwork, account: number): string =>
  `m/${PURPOSE[entry]}'/${network === 'testnet' || network === 'signet' ? 1 : 0}'/0'/0/${account}`;
const root = bip32.fromSeed(bip39.mnemonicToSeedSync(TEST_MNEMONIC));

/** The entry's address as bitcoinjs-lib pays to the key bip32 derives at @oyl/sdk's path. */
function bitcoinjsAddress(entry: Entry, network: ReferenceNetwork, account: number): [string, string] {
  const pubkey = Buffer.from(root.derivePath(sdkPath(entry, network, account)).publicKey);
  const net = NETWORK[network];
  const p = bitcoin.payments;
  const address =
    entry === 'taproot'
      ? p.p2tr({ internalPubkey: pubkey.subarray(1), network: net }).address!
      : entry === 'nativeSegwit'
        ? p.p2wpkh({ pubkey, network: net }).address!
        : entry === 'nestedSegwit'
          ? p.p2sh({ redeem: p.p2wpkh({ pubkey, network: net }), network: net }).address!
          : p.p2pkh({ pubkey, network: net }).address!;
  return [address, pubkey.toString('hex')];
}

test('§8.1: getAddresses answers the four entries of the vectors, which bip32 + bitcoinjs derive at the same paths', async () => {
  for (const [network, account, vector] of VECTORS) {
    const expected = Object.fromEntries(Object.entries(vector).map(([entry, [address, publicKey]]) => [entry, { address, publicKey }]));
    expect(await result('getAddresses', undefined, { network, activeAccount: account }), `${network} ${account}`).toEqual(expected);
    for (const entry of Object.keys(vector) as Entry[])
      expect(bitcoinjsAddress(entry, network, account), `${network} ${account} ${entry}`).toEqual(vector[entry]);
  }
  // Devnet is Oyl's regtest: coin 0', bcrt.
  expect(await result('getAddresses', undefined, { network: 'devnet' })).toMatchObject({
    nativeSegwit: { address: 'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zeqchgx' },
  });
});

const HELLO = 'Hello World';
const BIP322: [string, NetworkName, number, string][] = [
  [
    MAIN_0.nativeSegwit[0],
    'mainnet',
    0,
    'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
  ],
  [
    MAIN_1.nativeSegwit[0],
    'mainnet',
    1,
    'AkgwRQIhAPViVaajb+ZNP/uTPIPukQtb+Jk9usc7MDadwx+SbXOmAiAi2Oy+rO3YKzEOPorsblJtoqKEKTvP1UpZIwH8wEnEJQEhA+d1/VHw37jNhl2f8cyioVjPZR/pl/3J/unB07Xplep3',
  ],
  [
    'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    'testnet',
    0,
    'AkgwRQIhAL+mddSrhcldy5zpzS01E0mioqQBl5ssQfsyGERmSqFHAiBfLcBBBaehTvbWf3oRy76egcmrzxbI87uvOIea0BK9AQEhAuerJTe11J6XAwmq4G6eSfNs4cn+u9ROyODRzKC0+cMZ',
  ],
  // One valid value of many (aux randomness of zeros; Oyl's is random): the vector's.
  [MAIN_0.taproot[0], 'mainnet', 0, 'AUB52fpK+1BH6PeGm4qdI69aky8AYtYkuAbw8fVbjzkA5ZtHTIlDoRfctQcZp0tpMzXHFdStcJFR05IF6CbYV0A6'],
];

test('§8.2: signMessage is BIP-322 by default for every entry: the vectors, and what bip322-js signs and verifies', async () => {
  for (const [address, network, account, want] of BIP322) {
    for (const protocol of [{}, { protocol: 'bip322' }])
      expect(await result('signMessage', [{ address, message: HELLO, ...protocol }], { network, activeAccount: account })).toEqual({
        address,
        signature: want,
      });
    expect(verifyBip322(address, HELLO, want)).toBe(true);
    expect(verifyBip322(address, 'Hello World!', want)).toBe(false);
  }
  // Every entry, as bip322-js (which @oyl/sdk calls) signs it with the key at @oyl/sdk's path: byte for byte where ECDSA, verified for taproot.
  for (const [network, account, vector] of VECTORS) {
    for (const entry of Object.keys(vector) as Entry[]) {
      const [address] = vector[entry];
      const { signature } = (await result('signMessage', [{ address, message: HELLO }], { network, activeAccount: account })) as { signature: string };
      const theirs = Signer.sign(referenceWif(sdkPath(entry, network, account), TEST_MNEMONIC, network), address, HELLO) as string;
      if (entry === 'taproot') expect(verifyBip322(address, HELLO, signature), `${network} ${account} ${entry}`).toBe(true);
      else expect(signature, `${network} ${account} ${entry}`).toBe(theirs);
    }
  }
});

test("§8.2: protocol 'ecdsa' is @oyl/sdk's raw r‖s over sha256(message) by default (tiny-secp256k1 signs the same), or BIP-137 as the oylEcdsa setting says", async () => {
  const sdk: [Vector, number, string][] = [
    [MAIN_0, 0, 'QzeHWtTiap2cW8+7iS/0mhzDf1PUVbTmKCx0FRb8x4EDMiHLOdoUKVn3L4+S921lpaCwPXsKvF95TCealGwuhg=='],
    [MAIN_1, 1, '+2KmA+ShlzOdl8Po+G/f/xiR7gk3V4xp8YF4EmQ5XT9pOM+M41LLxIlqlB7VzuI4hYP1zyiHU4TUOc8jlpNA5g=='],
  ];
  const digest = createHash('sha256').update(HELLO).digest();
  for (const [vector, account, want] of sdk) {
    const [address, publicKey] = vector.nativeSegwit;
    expect(await result('signMessage', [{ address, message: HELLO, protocol: 'ecdsa' }], { activeAccount: account })).toEqual({ address, signature: want });
    const bytes = Buffer.from(want, 'base64');
    expect(bytes).toHaveLength(64);
    expect(ecc.verify(digest, Buffer.from(publicKey, 'hex'), bytes)).toBe(true);
    expect(Buffer.from(ecc.sign(digest, root.derivePath(sdkPath('nativeSegwit', 'mainnet', account)).privateKey!)).toString('base64')).toBe(want);
  }
  // BIP-137: bitcoinjs-message verifies each entry's (segwit headers for the segwit entries), and so does bip322-js.
  for (const entry of Object.keys(MAIN_0) as Entry[]) {
    const [address] = MAIN_0[entry];
    const { signature } = (await result('signMessage', [{ address, message: HELLO, protocol: 'ecdsa' }], { oylEcdsa: 'bip137' })) as { signature: string };
    expect(Buffer.from(signature, 'base64'), entry).toHaveLength(65);
    expect(verifyBip322(address, HELLO, signature), entry).toBe(true);
    if (entry !== 'taproot') expect(bitcoinMessage.verify(HELLO, address, signature), entry).toBe(true);
  }
});

test('signMessage refuses, with no window, an address the account does not have, another protocol, a missing message', async () => {
  const cases: [unknown[], RegExp][] = [
    [[{ address: FOREIGN_P2WPKH, message: HELLO }], /^address bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq is none of the current account's \(taproot bc1p5cyx/],
    [
      [{ address: MAIN_0.nativeSegwit[0], message: HELLO, protocol: 'bip322-simple' }],
      /^protocol must be 'bip322' \(the default\) or 'ecdsa', got "bip322-simple"/,
    ],
    [[{ address: MAIN_0.nativeSegwit[0] }], /^message must be a string, got nothing/],
    [[HELLO], /^signMessage takes one object, such as \[\{ address, message/],
    [[{ message: HELLO }], /^address must be one of the account's addresses, got nothing/],
  ];
  for (const [params, message] of cases)
    expect(await call('signMessage', params)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(message) } });
  // Account 1's address while account 0 is current: not this account's.
  expect(await call('signMessage', [{ address: MAIN_1.nativeSegwit[0], message: HELLO }])).toMatchObject({ error: { code: -32602 } });
});

// §8.3: input 0 the account's nativeSegwit (100000 sats), input 1 its taproot (546, with tapInternalKey).
const PSBT_83 =
  '70736274ff0100a6020000000211111111111111111111111111111111111111111111111111111111111111110000000000ffffffff22222222222222222222222222222222222222222222222222222222222222220000000000ffffffff022202000000000000225120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684cb882010000000000160014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2000000000001011fa086010000000000160014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e20001012b2202000000000000225120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c011720cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115000000';
const SIG_83 =
  '3045022100cda756a5ead3457a76b5087e9b9689b0a8ae18247755cfb08b6fa4976f61d7f002200c0c6de5b996da21b5129e8282638a09ec4c6f96d8cbc0af4bbf030d3dfdd8c601';
const OUTPUT_KEY = 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c';
const TXID_83 = 'dac82d8d8a977bbaea877e319293c14219e63476f4c8240b19f83bd844603a0f';

/**
 * @oyl/sdk's signAllInputs (Oyl-Wallet/oyl-sdk a80eec37 src/signer/signer.ts), replayed on bitcoinjs-lib + ecpair:
 * for each input, the first of the taproot (tweaked), legacy, nativeSegwit and nestedSegwit keys that
 * inputHasPubkey finds signs it, with the input's own sighash type; finalised when asked.
 */
function sdkSignAll(hex: string, network: ReferenceNetwork, account: number, finalize: boolean): bitcoin.Psbt {
  const psbt = bitcoin.Psbt.fromHex(hex, { network: NETWORK[network] });
  const pair = (entry: Entry): ECPairInterface => ECPair.fromPrivateKey(root.derivePath(sdkPath(entry, network, account)).privateKey!);
  const taproot = pair('taproot');
  const tweaked = taproot.tweak(bitcoin.crypto.taggedHash('TapTweak', taproot.publicKey.subarray(1)));
  const signers = [tweaked, pair('legacy'), pair('nativeSegwit'), pair('nestedSegwit')];
  psbt.data.inputs.forEach((input, i) => {
    const signer = signers.find((s) => psbt.inputHasPubkey(i, s.publicKey));
    if (!signer) return;
    psbt.signInput(i, signer, input.sighashType !== undefined ? [input.sighashType] : undefined);
    if (finalize) psbt.finalizeInput(i);
  });
  return psbt;
}

test('§8.3: signPsbt signs every input the account owns, taproot by its tweaked key; the vector, and @oyl/sdk replayed on bitcoinjs, agree', async () => {
  const partial = bitcoin.Psbt.fromHex(((await result('signPsbt', [{ psbt: PSBT_83, finalize: false }])) as { psbt: string }).psbt);
  const [segwit, taproot] = partial.data.inputs;
  expect(segwit!.partialSig!.map((s) => [Buffer.from(s.pubkey).toString('hex'), Buffer.from(s.signature).toString('hex')])).toEqual([
    [MAIN_0.nativeSegwit[1], SIG_83],
  ]);
  expect(taproot!.tapKeySig).toHaveLength(64);
  expect(signerOf(partial, 0)).toBe(MAIN_0.nativeSegwit[1]);
  expect(signerOf(partial, 1, OUTPUT_KEY)).toBe(`taproot:${OUTPUT_KEY}`);
  const replayed = sdkSignAll(PSBT_83, 'mainnet', 0, false);
  expect(Buffer.from(replayed.data.inputs[0]!.partialSig![0]!.signature).toString('hex')).toBe(SIG_83);
  expect(signerOf(replayed, 1, OUTPUT_KEY)).toBe(`taproot:${OUTPUT_KEY}`);

  // finalize defaults to true: both inputs final, the transaction the vector's; no txid without broadcast.
  const answer = (await result('signPsbt', [{ psbt: PSBT_83 }])) as { psbt: string; txid?: string };
  expect(Object.keys(answer)).toEqual(['psbt']);
  const final = bitcoin.Psbt.fromHex(answer.psbt);
  expect(final.data.inputs[0]!.finalScriptWitness!.toString()).toBe(
    bitcoin.Psbt.fromHex(sdkSignAll(PSBT_83, 'mainnet', 0, true).toHex()).data.inputs[0]!.finalScriptWitness!.toString(),
  );
  expect(final.extractTransaction().getId()).toBe(TXID_83);
  // Base64 is read too; the answer is hex.
  const fromBase64 = (await result('signPsbt', [{ psbt: Buffer.from(PSBT_83, 'hex').toString('base64'), finalize: false }])) as { psbt: string };
  expect(fromBase64.psbt).toMatch(/^70736274ff/);
});

test("signPsbt: another wallet's input is left alone, the input's sighash type is honoured, nested segwit (with its redeemScript) and legacy are signed", async () => {
  const [nested, nestedKey] = MAIN_0.nestedSegwit;
  const psbt = buildPsbt(
    [
      { address: MAIN_0.nativeSegwit[0], value: 20_000n, sighashType: 0x83 },
      { address: FOREIGN_P2WPKH, value: 10_000n },
      { address: MAIN_0.legacy[0], value: 30_000n, nonWitness: true },
      { address: nested, value: 40_000n },
    ],
    [
      { address: FOREIGN_P2WPKH, value: 50_000n },
      { address: MAIN_0.taproot[0], value: 40_000n },
    ],
  );
  psbt.updateInput(3, { redeemScript: bitcoin.payments.p2wpkh({ pubkey: Buffer.from(nestedKey, 'hex') }).output! });
  const signed = bitcoin.Psbt.fromHex(((await result('signPsbt', [{ psbt: psbt.toHex(), finalize: false }])) as { psbt: string }).psbt);
  expect([0, 1, 2, 3].map((i) => signerOf(signed, i))).toEqual([MAIN_0.nativeSegwit[1], undefined, MAIN_0.legacy[1], nestedKey]);
  expect(signed.data.inputs[0]!.partialSig![0]!.signature.at(-1)).toBe(0x83);
  // Byte for byte what @oyl/sdk's bitcoinjs path signs.
  const replayed = sdkSignAll(psbt.toHex(), 'mainnet', 0, false);
  for (const i of [0, 2, 3]) expect(signed.data.inputs[i]!.partialSig, `input ${i}`).toEqual(replayed.data.inputs[i]!.partialSig);
  // Without its redeemScript a nested input shows no key of the account's (bitcoinjs' inputHasPubkey): left alone.
  const bare = buildPsbt([{ address: nested, value: 40_000n }], [{ address: FOREIGN_P2WPKH, value: 30_000n }]);
  expect(signerOf(bitcoin.Psbt.fromHex(((await result('signPsbt', [{ psbt: bare.toHex() }])) as { psbt: string }).psbt), 0)).toBeUndefined();
});

test("signPsbt refuses, with no window: a taproot input of the account's without tapInternalKey (bitcoinjs' words), a broadcast another wallet must sign, bad params", async () => {
  const psbt = buildPsbt(
    [
      { address: MAIN_0.nativeSegwit[0], value: 100_000n },
      { address: MAIN_0.taproot[0], value: 546n },
    ],
    [{ address: MAIN_0.nativeSegwit[0], value: 99_000n }],
  ).toHex();
  let sdkWords = '';
  try {
    sdkSignAll(psbt, 'mainnet', 0, false);
  } catch (error) {
    sdkWords = (error as Error).message;
  }
  expect(sdkWords).toBe(`Can not sign for input #1 with the key 03${OUTPUT_KEY}`);
  expect(await call('signPsbt', [{ psbt }])).toMatchObject({
    error: { code: -32602, message: expect.stringContaining(`psbt: ${sdkWords}: the input pays to this account's taproot address but has no tapInternalKey`) },
  });
  const foreign = buildPsbt(
    [
      { address: MAIN_0.nativeSegwit[0], value: 20_000n },
      { address: FOREIGN_P2WPKH, value: 10_000n },
    ],
    [{ address: FOREIGN_P2WPKH, value: 25_000n }],
  ).toHex();
  expect(await call('signPsbt', [{ psbt: foreign, broadcast: true }])).toMatchObject({
    error: { code: -32602, message: expect.stringMatching(/^psbt: broadcast needs every input signed, and input #1 \([0-9a-f]{64}:1\) is not this account's/) },
  });
  const cases: [unknown[], RegExp][] = [
    [[{ psbt: 'zz' }], /^psbt must be the PSBT as a hex string, got "zz"/],
    [[{ psbt: '70736274ff' }], /^psbt is not a PSBT: /],
    [[{}], /^psbt must be the PSBT as a hex string, got nothing/],
    [[{ psbt: PSBT_83, finalize: 'yes' }], /^finalize must be true or false, got "yes"/],
    [[PSBT_83], /^signPsbt takes one object, such as/],
  ];
  for (const [params, message] of cases)
    expect(await call('signPsbt', params)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(message) } });
});

test('signPsbt with broadcast: finalised even when finalize is false, the txid answered and the transaction handed over to send; signPsbts and pushPsbt', async () => {
  const sent = await outcome('signPsbt', [{ psbt: PSBT_83, finalize: false, broadcast: true }]);
  expect(sent.result).toEqual({ psbt: expect.stringMatching(/^70736274ff/), txid: TXID_83 });
  expect(sent.transaction).toMatchObject({ chain: 'bitcoin', txid: TXID_83, send: true, failure: { message: 'Failed to broadcast transaction' } });
  const extracted = bitcoin.Psbt.fromHex((sent.result as { psbt: string }).psbt).extractTransaction();
  expect(extracted.toHex()).toBe(sent.transaction!.hex);
  // signPsbts: each in order, as signPsbt answers it; one broadcast at most.
  const many = await outcome('signPsbts', [
    [
      { psbt: PSBT_83, finalize: false },
      { psbt: PSBT_83, broadcast: true },
    ],
  ]);
  expect((many.result as { txid?: string }[]).map((r) => r.txid)).toEqual([undefined, TXID_83]);
  expect(many.transaction?.txid).toBe(TXID_83);
  expect(
    await call('signPsbts', [
      [
        { psbt: PSBT_83, broadcast: true },
        { psbt: PSBT_83, broadcast: true },
      ],
    ]),
  ).toMatchObject({
    error: { code: -32602, message: expect.stringMatching(/more than one PSBT asks for broadcast/) },
  });
  expect(await call('signPsbts', [[{ psbt: 'zz' }]])).toMatchObject({ error: { message: expect.stringMatching(/^signPsbts\[0\]\.psbt must be the PSBT/) } });
  // pushPsbt: a final PSBT's transaction, sent; an unfinished one refused.
  const pushed = await outcome('pushPsbt', [{ psbt: (sent.result as { psbt: string }).psbt }]);
  expect(pushed.result).toEqual({ txid: TXID_83 });
  expect(pushed.transaction?.hex).toBe(sent.transaction!.hex);
  expect(await call('pushPsbt', [{ psbt: PSBT_83 }])).toMatchObject({
    error: { code: -32602, message: expect.stringMatching(/^pushPsbt: the PSBT is not finalised/) },
  });
});

test('the connection: getAddresses connects; isConnected, disconnect and getNetwork answer any site; every other method refuses one not connected, 4100', async () => {
  expect(await call('isConnected', undefined, {}, false)).toMatchObject({ result: false });
  expect(await call('isConnected', undefined)).toMatchObject({ result: true });
  expect(await call('disconnect', undefined, {}, false)).toMatchObject({ result: null });
  expect(await call('getNetwork', undefined, {}, false)).toMatchObject({ result: 'mainnet' });
  expect(await call('getAddresses', undefined, {}, false)).toMatchObject({ result: { nativeSegwit: { address: MAIN_0.nativeSegwit[0] } } });
  const refused = { error: { code: 4100, message: 'This site is not connected to Oyl: call getAddresses first (docs/reference/oyl.md §2.2).' } };
  for (const [method, params] of [
    ['getBalance', undefined],
    ['signMessage', [{ address: MAIN_0.nativeSegwit[0], message: HELLO }]],
    ['signPsbt', [{ psbt: PSBT_83 }]],
    ['signPsbts', [[{ psbt: PSBT_83 }]]],
    ['pushPsbt', [{ psbt: PSBT_83 }]],
    ['switchNetwork', ['testnet']],
  ] as const)
    expect(await call(method, params as unknown[] | undefined, {}, false), method).toMatchObject(refused);
  // Without a chain the balance is the bitcoinBalance setting, once for the account.
  expect(await result('getBalance', undefined, { bitcoinBalance: 5_000 })).toEqual({ confirmed: 5_000, unconfirmed: 0, total: 5_000 });
});

test("networks in Oyl's names: getNetwork, and switchNetwork to each name (oylnet is regtest), a window unless already there; others refused", async () => {
  for (const [network, name] of [
    ['mainnet', 'mainnet'],
    ['testnet', 'testnet'],
    ['testnet4', 'testnet4'],
    ['signet', 'signet'],
    ['regtest', 'regtest'],
    ['devnet', 'regtest'],
  ] as const)
    expect(await result('getNetwork', undefined, { network })).toBe(name);
  const settings = defaultSettings();
  for (const [name, network] of [
    ['testnet', 'testnet'],
    ['signet', 'signet'],
    ['regtest', 'regtest'],
    ['oylnet', 'regtest'],
  ] as const) {
    const prepared = await prepareCall(ring, 'switchNetwork', [name], settings, undefined, 'oyl', CONNECTED.grant);
    expect(prepared.kind, name).toBe('sign');
    expect(await respond(ring, settings, prepared, undefined, CONNECTED)).toEqual({ result: null, settings: { network } });
  }
  const already = await prepareCall(ring, 'switchNetwork', ['oylnet'], { ...settings, network: 'devnet' }, undefined, 'oyl', CONNECTED.grant);
  expect(already.kind).toBe('query');
  expect(await call('switchNetwork', ['fractal_mainnet'])).toMatchObject({
    error: { code: -32602, message: 'switchNetwork takes a network name, one of mainnet, testnet, testnet4, signet, regtest, oylnet; got "fractal_mainnet"' },
  });
});

test('events: an account or network switch tells connected sites [taproot, nativeSegwit]; a change of wallet, []', async () => {
  const before = defaultSettings();
  const wallet = { before: 'w1', after: 'w1' };
  const grants = [
    ['https://app.example', { accounts: [], readNetwork: false, wallet: 'w1' }],
    ['https://other.example', { accounts: [], readNetwork: false, wallet: 'w0' }],
  ] as const;
  const master = await ring.masterKey(before.mnemonic, before.passphrase);
  expect(oylEvents(before, { ...before, activeAccount: 1 }, grants as never, master, wallet)).toEqual([
    { site: 'https://app.example', event: { type: 'accountsChanged', payload: [MAIN_1.taproot[0], MAIN_1.nativeSegwit[0]] } },
  ]);
  expect(oylEvents(before, { ...before, network: 'regtest' }, grants as never, master, wallet)).toEqual([
    {
      site: 'https://app.example',
      event: {
        type: 'accountsChanged',
        payload: ['bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqvg32hk', 'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zeqchgx'],
      },
    },
  ]);
  // Devnet and regtest share Oyl's keys: nothing to say; a setting that moves no address neither.
  expect(oylEvents({ ...before, network: 'regtest' }, { ...before, network: 'devnet' }, grants as never, master, wallet)).toEqual([]);
  expect(oylEvents(before, { ...before, bitcoinBalance: 1 }, grants as never, master, wallet)).toEqual([]);
  expect(oylEvents(before, before, grants as never, master, { before: 'w0', after: 'w2' })).toEqual([
    { site: 'https://other.example', event: { type: 'accountsChanged', payload: [] } },
  ]);
});
