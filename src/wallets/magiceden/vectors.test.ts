// Magic Eden's answers on the vectors of docs/reference/magiceden.md §6, each also checked with libraries the wallet
// does not use: bip32 + bitcoinjs-lib for keys and addresses (test/reference.ts), bip322-js and bitcoinjs-message for
// message signatures, bitcoinjs-lib + tiny-secp256k1 for PSBT signatures and the txid; tokens made with Node's own
// base64url, as jsontokens makes them.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import bitcoinMessage from 'bitcoinjs-message';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { reference, TEST_MNEMONIC } from '../../../test/reference.ts';
import { buildPsbt, decodeTransaction, signerOf, verifyBip322, verifyP2wpkhSpend } from '../../../test/bitcoin-reference.ts';
import { FUNDING_SATS } from '../../core/bitcoin/funding.ts';
import { respond } from '../../core/wallet.ts';
import { KeyRing } from '../../core/keyring.ts';
import type { Settings } from '../../core/settings.ts';
import type { RpcResponse } from '../../core/rpc.ts';
import { defaultSettings } from '../settings.ts';
import { approvedResponse, prepareCall } from '../answer.ts';
import { magiceden } from './index.ts';

const ring = new KeyRing();

/** The token sats-connect sends: base64url (no padding) of the header and of the payload, and an empty signature. */
const token = (payload: unknown): string => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ typ: 'JWT', alg: 'none' })}.${part(payload)}.`;
};

async function call(method: string, args: unknown, patch: Partial<Settings> = {}): Promise<RpcResponse> {
  return approvedResponse(ring, { ...defaultSettings(), ...patch }, 'm1', method, args as never, undefined, { identity: 'magiceden' });
}
async function result(method: string, payload: unknown, patch: Partial<Settings> = {}): Promise<unknown> {
  const response = await call(method, [token(payload)], patch);
  if (!('result' in response)) throw new Error(`${method}: ${JSON.stringify(response)}`);
  return response.result;
}
async function refusal(method: string, args: unknown, patch: Partial<Settings> = {}): Promise<{ code: number; message: string }> {
  const response = await call(method, args, patch);
  if (!('error' in response)) throw new Error(`${method} answered ${JSON.stringify(response)}`);
  return response.error;
}

// §6.1
const ACCOUNT_0 = {
  payment: { address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c' },
  ordinals: {
    address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    publicKey: '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
  },
};
const ACCOUNT_1 = {
  payment: { address: 'bc1qku0qh0mc00y8tk0n65x2tqw4trlspak0fnjmfz', publicKey: '035ce17d6438a499e0c7fef59b43fd7b2cb6e4a31b598f6a4c20ca94854eac9d36' },
  ordinals: {
    address: 'bc1pkq6ayylfpe5hn05550ry25pkakuf72x9qkjc2sl06dfcet8sg25q9y3j3y',
    publicKey: '0244becfe627731a2ad296f83d6a4e8ab44b7a98baf48217de8d77ad9fb8c9cb80',
  },
};

test('§2.1: the published token is read; a malformed one is refused with a clear error before any window', async () => {
  const published =
    'eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.eyJwdXJwb3NlcyI6WyJvcmRpbmFscyIsInBheW1lbnQiXSwibWVzc2FnZSI6ImhpIiwibmV0d29yayI6eyJ0eXBlIjoiTWFpbm5ldCJ9fQ.';
  expect(published).toBe(token({ purposes: ['ordinals', 'payment'], message: 'hi', network: { type: 'Mainnet' } }));
  const connected = await call('connect', [published]);
  expect(connected).toMatchObject({ result: { addresses: [{ purpose: 'ordinals' }, { purpose: 'payment' }] } });
  // Padded base64url, and no signature part at all, as jsontokens' decodeToken reads them.
  const [header, payload] = published.split('.');
  expect(await call('connect', [`${header}=.${payload}`])).toEqual(connected);
  for (const [args, words] of [
    [undefined, /connect takes one argument: an unsecured JWT string/],
    [[{ purposes: ['payment'] }], /connect takes one argument: an unsecured JWT string, .* got an object/],
    ['eyJ', /takes its one argument in an array/],
    [['not a token'], /the token is not a JWT \(header\.payload\.signature\)/],
    [[`${header}.%%%.`], /the token's payload is not base64url-encoded JSON/],
    [[`${header}.${Buffer.from('{"purposes":').toString('base64url')}.`], /the token's payload is not base64url-encoded JSON/],
    [[token('a string')], /the token's payload must be a JSON object, got "a string"/],
    [[token({ purposes: [] })], /purposes must be a non-empty array of "ordinals" and "payment"/],
    [[token({ purposes: ['payment', 'stacks'] })], /purposes\[1\] must be "ordinals" or "payment", got "stacks"/],
  ] as const) {
    const error = await refusal('connect', args);
    expect(error.code, String(args)).toBe(-32602);
    expect(error.message, String(args)).toMatch(words);
  }
  expect(await refusal('request', [token({})])).toEqual({
    code: -32601,
    message: "Magic Eden's provider has no method request; it has connect, signMessage, signTransaction, sendBtcTransaction, signMultipleTransactions",
  });
});

test('§6.1: connect answers the purposes asked, in their order, at m/84′ and m/86′ account N; equal to the vectors and to bip32 + bitcoinjs', async () => {
  expect(await result('connect', { purposes: ['ordinals', 'payment'], network: { type: 'Mainnet' } })).toEqual({
    addresses: [
      { ...ACCOUNT_0.ordinals, purpose: 'ordinals' },
      { ...ACCOUNT_0.payment, purpose: 'payment' },
    ],
  });
  expect(await result('connect', { purposes: ['payment', 'ordinals'] }, { activeAccount: 1 })).toEqual({
    addresses: [
      { ...ACCOUNT_1.payment, purpose: 'payment' },
      { ...ACCOUNT_1.ordinals, purpose: 'ordinals' },
    ],
  });
  expect(await result('connect', { purposes: ['payment'] })).toEqual({ addresses: [{ ...ACCOUNT_0.payment, purpose: 'payment' }] });
  for (const [account, want] of [
    [0, ACCOUNT_0],
    [1, ACCOUNT_1],
  ] as const) {
    const independent = await reference('mainnet', account);
    expect([independent.p2wpkh.address, independent.p2wpkh.publicKey], `account ${account}`).toEqual([want.payment.address, want.payment.publicKey]);
    expect([independent.p2tr.address, independent.p2tr.publicKey], `account ${account}`).toEqual([want.ordinals.address, want.ordinals.publicKey]);
  }
  // What the kits' expectedAddresses and the CLI ask: the record's own request, ordinals then payment by default.
  expect(magiceden.addressRequest({})).toEqual([token({ purposes: ['ordinals', 'payment'] })]);
});

test('§4.2: Mainnet only; the local chains stand in for it; a test network, or another type asked, is refused', async () => {
  expect(await refusal('connect', [token({ purposes: ['payment'], network: { type: 'Testnet' } })])).toEqual({
    code: -32602,
    message: 'connect: Magic Eden answers on Mainnet only, not "Testnet" (docs/reference/magiceden.md §4.2)',
  });
  expect((await refusal('connect', [token({ purposes: ['payment'], network: 'Mainnet' })])).message).toBe(
    'connect: network must be { type: \'Mainnet\' }, got "Mainnet"',
  );
  for (const network of ['testnet', 'testnet4', 'signet'] as const)
    expect((await refusal('signMessage', [token({ address: 'x', message: 'm' })], { network })).message).toMatch(
      new RegExp(`^signMessage: the wallet is on ${network}, and Magic Eden has Mainnet only`),
    );
  const local = await reference('regtest', 0);
  for (const type of ['Mainnet', 'Regtest', undefined])
    expect(await result('connect', { purposes: ['payment', 'ordinals'], ...(type && { network: { type } }) }, { network: 'regtest' }), String(type)).toEqual({
      addresses: [
        { address: local.p2wpkh.address, publicKey: local.p2wpkh.publicKey, purpose: 'payment' },
        { address: local.p2tr.address, publicKey: local.p2tr.publicKey, purpose: 'ordinals' },
      ],
    });
  expect((await refusal('connect', [token({ purposes: ['payment'], network: { type: 'Regtest' } })])).message).toMatch(/not "Regtest"/);
});

test('§6.2: BIP-322 by default for either address, ECDSA with the BIP-137 segwit header for the payment address; each verifies with bip322-js or bitcoinjs-message', async () => {
  const sign = (address: string, protocol?: string, patch: Partial<Settings> = {}) =>
    result('signMessage', { address, message: 'Hello World', ...(protocol && { protocol }), network: { type: 'Mainnet' } }, patch);
  const payment0 =
    'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=';
  expect(await sign(ACCOUNT_0.payment.address)).toBe(payment0);
  expect(await sign(ACCOUNT_0.payment.address, 'BIP322')).toBe(payment0);
  expect(verifyBip322(ACCOUNT_0.payment.address, 'Hello World', payment0)).toBe(true);
  const ordinals0 = 'AUB52fpK+1BH6PeGm4qdI69aky8AYtYkuAbw8fVbjzkA5ZtHTIlDoRfctQcZp0tpMzXHFdStcJFR05IF6CbYV0A6';
  expect(await sign(ACCOUNT_0.ordinals.address)).toBe(ordinals0);
  expect(verifyBip322(ACCOUNT_0.ordinals.address, 'Hello World', ordinals0)).toBe(true);
  expect(verifyBip322(ACCOUNT_0.ordinals.address, 'Hello World!', ordinals0)).toBe(false);
  const payment1 =
    'AkcwRAIgCIilycgX+xtpprhd6sPyDKpyvRFtsBE1YRU2QxPwD0sCIATteTFAAyZ/uGSHWj1CuPZwlyUA+wYdA++ce9io7CtzASEDXOF9ZDikmeDH/vWbQ/17LLbkoxtZj2pMIMqUhU6snTY=';
  expect(await sign(ACCOUNT_1.payment.address, undefined, { activeAccount: 1 })).toBe(payment1);
  expect(verifyBip322(ACCOUNT_1.payment.address, 'Hello World', payment1)).toBe(true);
  const ecdsa = 'Jw662OPAokgnLvuNSV411BpOkZ7KcwqDuvw/rJZ3z87jFLtKXgFUJMhy05G8xIiT69/tzvq7bVQV49jWixD3XSg=';
  expect(await sign(ACCOUNT_0.payment.address, 'ECDSA')).toBe(ecdsa);
  // Header 39: bitcoinjs-message reads it as a p2wpkh signature of the bc1q address.
  expect(Buffer.from(ecdsa, 'base64')[0]).toBe(39);
  expect(bitcoinMessage.verify('Hello World', ACCOUNT_0.payment.address, ecdsa)).toBe(true);
  expect(bitcoinMessage.verify('Hello World!', ACCOUNT_0.payment.address, ecdsa)).toBe(false);
  expect((await refusal('signMessage', [token({ address: ACCOUNT_0.ordinals.address, message: 'x', protocol: 'ECDSA' })])).message).toBe(
    `signMessage: ECDSA signs for the payment address only (${ACCOUNT_0.payment.address}); the ordinals address signs BIP322`,
  );
  expect((await refusal('signMessage', [token({ address: ACCOUNT_1.payment.address, message: 'x' })])).message).toMatch(
    /^signMessage: address "bc1qku0qh0mc00y8tk0n65x2tqw4trlspak0fnjmfz" is not the active account's payment \(bc1qcr8t.*\) or ordinals \(bc1p5cyx.*\) address on mainnet/,
  );
  expect((await refusal('signMessage', [token({ address: ACCOUNT_0.payment.address, message: 'x', protocol: 'bip322' })])).message).toBe(
    'signMessage: protocol must be "BIP322" or "ECDSA", got "bip322"',
  );
});

// §6.3: one payment input and one ordinals input.
const UNSIGNED =
  'cHNidP8BAKYCAAAAAhERERERERERERERERERERERERERERERERERERERERERAAAAAAD/////IiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIiIAAAAAAP////8CIgIAAAAAAAAiUSCmCGnw288dxlnJzsuvgFATXqnozcSHBT8dxogJSdxoTLiCAQAAAAAAFgAUwM681sPTyox13F7GLr5VMw75EOIAAAAAAAEBH6CGAQAAAAAAFgAUwM681sPTyox13F7GLr5VMw75EOIAAQErIgIAAAAAAAAiUSCmCGnw288dxlnJzsuvgFATXqnozcSHBT8dxogJSdxoTAEXIMyKS8ZNiXvdxfvC9nD3qLoLOGd5EGzxIjxvxdfNb8EVAAAA';
const TO_SIGN = [
  { address: ACCOUNT_0.payment.address, signingIndexes: [0] },
  { address: ACCOUNT_0.ordinals.address, signingIndexes: [1] },
];
/** The account's taproot output key (BIP-86), as bitcoinjs computes it. */
const outputKey = async () => (await reference('mainnet', 0)).taprootOutputKey;

test('§6.3: signTransaction signs each listed input with its address key, equal to the vectors and valid for bitcoinjs-lib; not finalised; the txid once finalised', async () => {
  const { psbtBase64 } = (await result('signTransaction', {
    network: { type: 'Mainnet' },
    message: 'Sign Transaction',
    psbtBase64: UNSIGNED,
    inputsToSign: TO_SIGN,
  })) as {
    psbtBase64: string;
  };
  const signed = bitcoin.Psbt.fromBase64(psbtBase64);
  const [payment, ordinals] = signed.data.inputs;
  expect(Buffer.from(payment!.partialSig![0]!.signature).toString('hex')).toBe(
    '3045022100cda756a5ead3457a76b5087e9b9689b0a8ae18247755cfb08b6fa4976f61d7f002200c0c6de5b996da21b5129e8282638a09ec4c6f96d8cbc0af4bbf030d3dfdd8c601',
  );
  expect(Buffer.from(ordinals!.tapKeySig!).toString('hex')).toBe(
    'c6af6d84b1b53b93faa7622f0312173e025c6c774a6d870cb2db2d0b979207dfbaef429abf081f1206651bd43658933da734f57e49fa15d1f20b53865ee0ec23',
  );
  expect(signerOf(signed, 0)).toBe(ACCOUNT_0.payment.publicKey);
  expect(signerOf(signed, 1, await outputKey())).toBe(`taproot:${await outputKey()}`);
  // Not finalised: the app finalises (LaserEyes does), and gets the vector's txid.
  expect(signed.data.inputs.map((i) => i.finalScriptWitness)).toEqual([undefined, undefined]);
  signed.finalizeAllInputs();
  const txid = 'dac82d8d8a977bbaea877e319293c14219e63476f4c8240b19f83bd844603a0f';
  expect(signed.extractTransaction().getId()).toBe(txid);
  // broadcast: the same PSBT, and the txid of its finalised copy (sent where bitcoinBroadcastUrl says).
  const sent = (await result('signTransaction', { psbtBase64: UNSIGNED, inputsToSign: TO_SIGN, broadcast: true })) as { psbtBase64: string; txId: string };
  expect(sent).toEqual({ psbtBase64, txId: txid });
});

test('signTransaction: only the listed inputs, with the sigHash asked; an input its address cannot sign, or another address, is refused at once', async () => {
  const own = ACCOUNT_0.payment.address;
  const psbt = buildPsbt(
    [
      { address: own, value: 20_000n },
      { address: own, value: 10_000n },
    ],
    [{ address: own, value: 29_000n }],
  ).toBase64();
  const signed = (await result('signTransaction', { psbtBase64: psbt, inputsToSign: [{ address: own, signingIndexes: [1], sigHash: 0x81 }] })) as {
    psbtBase64: string;
  };
  const parsed = bitcoin.Psbt.fromBase64(signed.psbtBase64);
  expect(signerOf(parsed, 0)).toBeUndefined();
  expect(signerOf(parsed, 1)).toBe(ACCOUNT_0.payment.publicKey);
  expect(parsed.data.inputs[1]!.partialSig![0]!.signature.at(-1)).toBe(0x81);
  for (const [inputsToSign, words] of [
    [[{ address: ACCOUNT_0.ordinals.address, signingIndexes: [0] }], /^signTransaction: input 0 could not be signed with bc1p5cyx\w+'s key/],
    [[{ address: ACCOUNT_1.payment.address, signingIndexes: [0] }], /^signTransaction: inputsToSign address "bc1qku0q\w+" is not the active account's/],
    [[{ address: own, signingIndexes: [2] }], /^signTransaction: inputsToSign\[0\]\.signingIndexes\[0\] must be an input of the PSBT, 0 to 1, got number 2/],
    [
      [
        { address: own, signingIndexes: [0] },
        { address: own, signingIndexes: [0] },
      ],
      /^signTransaction: input 0 is listed twice in inputsToSign/,
    ],
    [[{ address: own, signingIndexes: [0], sigHash: 'ALL' }], /sigHash must be a sighash type number/],
    [[], /inputsToSign must be a non-empty array/],
  ] as const) {
    const error = await refusal('signTransaction', [token({ psbtBase64: psbt, inputsToSign })]);
    expect(error.message, JSON.stringify(inputsToSign)).toMatch(words);
  }
  expect((await refusal('signTransaction', [token({ psbtBase64: 'bm90IGEgcHNidA==', inputsToSign: TO_SIGN })])).message).toMatch(
    /^signTransaction: psbtBase64 is not a PSBT this wallet reads/,
  );
  // broadcast with an input left unsigned cannot be finalised.
  expect(
    (await refusal('signTransaction', [token({ psbtBase64: psbt, inputsToSign: [{ address: own, signingIndexes: [0] }], broadcast: true })])).message,
  ).toMatch(/^signTransaction: broadcast needs every input signed/);
});

test('signMultipleTransactions signs each PSBT as signTransaction does, answered in order', async () => {
  const single = (await result('signTransaction', { psbtBase64: UNSIGNED, inputsToSign: TO_SIGN })) as { psbtBase64: string };
  const payOnly = (await result('signTransaction', { psbtBase64: UNSIGNED, inputsToSign: [TO_SIGN[0]] })) as { psbtBase64: string };
  expect(
    await result('signMultipleTransactions', {
      network: { type: 'Mainnet' },
      message: 'two',
      psbts: [
        { psbtBase64: UNSIGNED, inputsToSign: TO_SIGN },
        { psbtBase64: UNSIGNED, inputsToSign: [TO_SIGN[0]] },
      ],
    }),
  ).toEqual([single, payOnly]);
  expect(signerOf(bitcoin.Psbt.fromBase64(payOnly.psbtBase64), 1, await outputKey())).toBeUndefined();
  expect((await refusal('signMultipleTransactions', [token({ psbts: [] })])).message).toMatch(/psbts must be an array of 1 to 100/);
  expect(
    (await refusal('signMultipleTransactions', [token({ psbts: [{ psbtBase64: UNSIGNED, inputsToSign: [{ address: 'x', signingIndexes: [0] }] }] })])).message,
  ).toMatch(/inputsToSign address "x" is not the active account's/);
});

test('sendBtcTransaction pays from the payment address and answers the bare txid; another sender or a bad amount is refused', async () => {
  const settings = defaultSettings();
  const payload = {
    recipients: [{ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', amountSats: '1000' }],
    senderAddress: ACCOUNT_0.payment.address,
    network: { type: 'Mainnet' },
  };
  const outcome = await respond(ring, settings, await prepareCall(ring, 'sendBtcTransaction', [token(payload)], settings, undefined, 'magiceden'));
  const sent = decodeTransaction(outcome.transaction!.hex);
  expect(outcome.result).toBe(sent.txid);
  expect(sent.outputs[0]).toEqual({ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', value: 1000n });
  // Without a chain, the synthetic funding output of the payment address pays (docs/chain.md), the change back to it.
  expect(sent.outputs.slice(1).map((o) => o.address)).toEqual([ACCOUNT_0.payment.address]);
  expect(verifyP2wpkhSpend(outcome.transaction!.hex, 0, ACCOUNT_0.payment.publicKey, FUNDING_SATS)).toBe(true);
  expect(
    (
      await refusal('sendBtcTransaction', [
        token({ recipients: [{ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', amountSats: '1000' }], senderAddress: ACCOUNT_0.ordinals.address }),
      ])
    ).message,
  ).toMatch(/^sendBtcTransaction: senderAddress must be the payment address, bc1qcr8t/);
  expect(
    (
      await refusal('sendBtcTransaction', [
        token({ recipients: [{ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', amountSats: 1.5 }], senderAddress: ACCOUNT_0.payment.address }),
      ])
    ).message,
  ).toBe('sendBtcTransaction: recipients[0].amountSats must be whole satoshis, as a string such as "1000", got number 1.5');
  expect(
    (
      await refusal('sendBtcTransaction', [
        token({ recipients: [{ address: 'tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0', amountSats: '1000' }], senderAddress: ACCOUNT_0.payment.address }),
      ])
    ).message,
  ).toMatch(/^sendBtcTransaction: recipients\[0\]\.address .* is not a valid mainnet Bitcoin address/);
});

test('§2.4: accountsChanged [{ address, purpose }] to connected sites on an account switch; [] when the wallet changes or leaves Magic Eden’s networks', async () => {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
  const before = defaultSettings();
  const grants = [['https://app.example', { accounts: [], readNetwork: false, wallet: 'w' }]] as const;
  const same = { before: 'w', after: 'w' };
  const events = (after: Partial<Settings>, wallets = same) => magiceden.events!(before, { ...before, ...after }, grants as never, root, wallets);
  expect(events({ activeAccount: 1 })).toEqual([
    {
      site: 'https://app.example',
      event: {
        type: 'accountsChanged',
        payload: [
          { address: ACCOUNT_1.ordinals.address, purpose: 'ordinals' },
          { address: ACCOUNT_1.payment.address, purpose: 'payment' },
        ],
      },
    },
  ]);
  expect(events({ accountCount: 5 })).toEqual([]);
  expect(events({ network: 'testnet' })).toEqual([{ site: 'https://app.example', event: { type: 'accountsChanged', payload: [] } }]);
  expect(events({ mnemonic: 'zoo '.repeat(11).concat('wrong') }, { before: 'w', after: 'v' })).toEqual([
    { site: 'https://app.example', event: { type: 'accountsChanged', payload: [] } },
  ]);
  expect(magiceden.events!(before, { ...before, activeAccount: 1 }, [], root, same)).toEqual([]);
});
