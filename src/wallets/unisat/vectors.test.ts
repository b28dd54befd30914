// UniSat's answers on the published vectors (docs/reference/unisat.md §6), each also checked with
// libraries the wallet does not use: bip32 + bitcoinjs-lib for keys and addresses, bitcoinjs-message
// and bip322-js for message signatures, bitcoinjs-lib + tiny-secp256k1 for PSBT signatures.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { BIP32Factory } from 'bip32';
import * as bip39 from 'bip39';
import bitcoinMessage from 'bitcoinjs-message';
import { verifyBip322, signerOf } from '../../../test/bitcoin-reference.ts';
import { TEST_MNEMONIC } from '../../../test/reference.ts';
import { KeyRing } from '../../core/keyring.ts';
import type { Settings } from '../../core/settings.ts';
import { defaultSettings } from '../settings.ts';
import { callContext } from '../../core/wallet.ts';
import { approvedResponse, prepareCall } from '../answer.ts';
import type { UnisatAddressType } from './settings.ts';
import type { NetworkName } from '../../core/networks.ts';

bitcoin.initEccLib(ecc);
const bip32 = BIP32Factory(ecc);
const ring = new KeyRing();
const CONNECTED = { origin: 'https://app.example', grant: { accounts: [], readNetwork: false } };

async function call(method: string, params: unknown[] | undefined, patch: Partial<Settings> = {}, connected = true) {
  const settings = { ...defaultSettings(), ...patch };
  return approvedResponse(ring, settings, 'u1', method, params as never, undefined, { identity: 'unisat', ...(connected && { site: CONNECTED }) });
}
async function result(method: string, params?: unknown[], patch: Partial<Settings> = {}): Promise<unknown> {
  const response = await call(method, params, patch);
  if (!('result' in response)) throw new Error(`${method}: ${JSON.stringify(response)}`);
  return response.result;
}

// §6.1: address, key; bitcoinjs' own derivation at UniSat's path gives the same.
const VECTORS: [UnisatAddressType, string, string, string, string][] = [
  [
    'p2wpkh',
    "m/84'/0'/0'/0/0",
    '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    'tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0',
  ],
  [
    'p2sh-p2wpkh',
    "m/49'/0'/0'/0/0",
    '039b3b694b8fc5b5e07fb069c783cac754f5d38c3e08bed1960e31fdb1dda35c24',
    '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf',
    '2My47gHNc8nhX5kBWqXHU4f8uuQvQKEgwMd',
  ],
  [
    'p2tr',
    "m/86'/0'/0'/0/0",
    '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    'tb1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqp3mvzv',
  ],
  [
    'p2pkh',
    "m/44'/0'/0'/0/0",
    '03aaeb52dd7494c361049de67cc680e83ebcbbbdbeb13637d92cd845f70308af5e',
    '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA',
    'n1M8ZVQtL7QoFvGMg24D6b2ojWvFXCGpoS',
  ],
  [
    'm44-p2wpkh',
    "m/44'/0'/0'/0/0",
    '03aaeb52dd7494c361049de67cc680e83ebcbbbdbeb13637d92cd845f70308af5e',
    'bc1qmxrw6qdh5g3ztfcwm0et5l8mvws4eva24kmp8m',
    'tb1qmxrw6qdh5g3ztfcwm0et5l8mvws4eva2lsqjug',
  ],
  [
    'm44-p2tr',
    "m/44'/0'/0'/0/0",
    '03aaeb52dd7494c361049de67cc680e83ebcbbbdbeb13637d92cd845f70308af5e',
    'bc1plguuppjuw5uk2rpyjnnzvwsuvy5ctswns9fsvhrvn4qt04ns4nmscf9eqf',
    'tb1plguuppjuw5uk2rpyjnnzvwsuvy5ctswns9fsvhrvn4qt04ns4nms0pnk6x',
  ],
];

function bitcoinjsAddress(type: UnisatAddressType, path: string, network: bitcoin.Network): string {
  const pubkey = Buffer.from(bip32.fromSeed(bip39.mnemonicToSeedSync(TEST_MNEMONIC)).derivePath(path).publicKey);
  const payments = bitcoin.payments;
  if (type === 'p2wpkh' || type === 'm44-p2wpkh') return payments.p2wpkh({ pubkey, network }).address!;
  if (type === 'p2sh-p2wpkh') return payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network }), network }).address!;
  if (type === 'p2pkh') return payments.p2pkh({ pubkey, network }).address!;
  return payments.p2tr({ internalPubkey: pubkey.subarray(1), network }).address!;
}

test('§6.1: every address type, coin 0 on every network (only the prefix changes), equal to the vectors and to bitcoinjs', async () => {
  for (const [type, path, publicKey, main, test] of VECTORS) {
    expect(await result('requestAccounts', undefined, { unisatAddressType: type })).toEqual([main]);
    expect(await result('getPublicKey', undefined, { unisatAddressType: type })).toBe(publicKey);
    expect(bitcoinjsAddress(type, path, bitcoin.networks.bitcoin)).toBe(main);
    for (const network of ['testnet', 'signet'] as NetworkName[])
      expect(await result('getAccounts', undefined, { unisatAddressType: type, network })).toEqual([test]);
    expect(bitcoinjsAddress(type, path, bitcoin.networks.testnet)).toBe(test);
  }
  // Account 1 is the last index, not the account level.
  expect(await result('requestAccounts', undefined, { activeAccount: 1 })).toEqual(['bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g']);
  expect(await result('getPublicKey', undefined, { activeAccount: 1, unisatAddressType: 'p2tr' })).toBe(
    '0283dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145',
  );
});

test('§6.2: ECDSA signatures carry the compressed-P2PKH header for every type; BIP-322 for segwit and taproot', async () => {
  const ecdsa: [UnisatAddressType, string][] = [
    ['p2wpkh', 'Hw662OPAokgnLvuNSV411BpOkZ7KcwqDuvw/rJZ3z87jFLtKXgFUJMhy05G8xIiT69/tzvq7bVQV49jWixD3XSg='],
    ['p2sh-p2wpkh', 'H7aaSq5gTs1cXkbDGvlTDkp1PpZrwJ5nzOYfBiVgOr4wMzbZJv4ZqAHQiDJSTGg8LpN8Ln7f1RYdJjqXhgA+Mlk='],
    ['p2tr', 'IODWOuch1Zpn1VWqbL9EWqWOfAdbVeqE1otLOprERrz/Vy64HE69E0+iGcyPd27/T/saNTH7oR8eOCpBmb5tsH0='],
  ];
  for (const [type, want] of ecdsa) {
    // No type, 'ecdsa' and anything but 'bip322-simple' are all ECDSA.
    for (const kind of [[], ['ecdsa'], ['bip322']]) expect(await result('signMessage', ['Hello World', ...kind], { unisatAddressType: type })).toBe(want);
    const publicKey = VECTORS.find(([t]) => t === type)![2];
    const p2pkh = bitcoin.payments.p2pkh({ pubkey: Buffer.from(publicKey, 'hex') }).address!;
    expect(bitcoinMessage.verify('Hello World', p2pkh, want)).toBe(true);
    expect(bitcoinMessage.verify('Hello World!', p2pkh, want)).toBe(false);
  }
  const bip322: [UnisatAddressType, string, string[]][] = [
    [
      'p2wpkh',
      'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0'],
    ],
    [
      'p2tr',
      'AUB52fpK+1BH6PeGm4qdI69aky8AYtYkuAbw8fVbjzkA5ZtHTIlDoRfctQcZp0tpMzXHFdStcJFR05IF6CbYV0A6',
      ['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'],
    ],
  ];
  for (const [type, want, addresses] of bip322) {
    for (const network of ['mainnet', 'testnet'] as NetworkName[])
      expect(await result('signMessage', ['Hello World', 'bip322-simple'], { unisatAddressType: type, network })).toBe(want);
    for (const address of addresses) expect(verifyBip322(address, 'Hello World', want)).toBe(true);
  }
  for (const type of ['p2sh-p2wpkh', 'p2pkh'] as UnisatAddressType[]) {
    expect(await call('signMessage', ['Hello World', 'bip322-simple'], { unisatAddressType: type })).toMatchObject({
      error: { code: -32603, message: 'Not support address type to sign' },
    });
  }
  expect(await call('signMessage', [''])).toMatchObject({ error: { code: -32603, message: 'text is required' } });
});

// §6.3: one input of the account's own output, one output back.
const PSBTS = {
  p2wpkh: {
    hex: '70736274ff010052020000000111111111111111111111111111111111111111111111111111111111111111110000000000ffffffff01905f010000000000160014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2000000000001011fa086010000000000160014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e20000',
    signature:
      '3045022100ee57aeecd2715062c74fc2f320520ee86b3dacab1c9429cb0dee0b786e68822e0220646745b997a28f7be6e4cd658cea125c18e3c026c6932f9ac83a820df1c31a6f01',
    txid: '79f6744c04cdd52d9b232279c1f6e0e5faeaf5d23445938a0561a7ce9224c965',
  },
  p2tr: {
    hex: '70736274ff01005e020000000111111111111111111111111111111111111111111111111111111111111111110000000000ffffffff01905f010000000000225120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c000000000001012ba086010000000000225120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c0000',
    signature: '3ec2924a5780a6f3886b36f4da481c65f687c994404efd590dd0574ef1102ec12b0cf3ff5823bbe87deff6d4a412c2db6ebfe9aae8b152fa5ff8f094f5256573',
    txid: '92cacb52f6d093b460c2e9ddc26443f0df3f2dd31a599b760e1e3034fff17f4f',
  },
} as const;

test('§6.3: signPsbt finalises by default and answers hex; autoFinalized false leaves the signature; both verify with bitcoinjs', async () => {
  for (const type of ['p2wpkh', 'p2tr'] as const) {
    const vector = PSBTS[type];
    const finalised = bitcoin.Psbt.fromHex((await result('signPsbt', [vector.hex], { unisatAddressType: type })) as string);
    const witness = Buffer.from(finalised.data.inputs[0]!.finalScriptWitness!).toString('hex');
    expect(witness).toContain(vector.signature);
    expect(finalised.extractTransaction().getId()).toBe(vector.txid);
    // Base64 in, hex out; nothing finalised when asked not to.
    const base64 = Buffer.from(vector.hex, 'hex').toString('base64');
    const partial = bitcoin.Psbt.fromHex((await result('signPsbt', [base64, { autoFinalized: false }], { unisatAddressType: type })) as string);
    const input = partial.data.inputs[0]!;
    if (type === 'p2wpkh') {
      expect(Buffer.from(input.partialSig![0]!.signature).toString('hex')).toBe(vector.signature);
      expect(signerOf(partial, 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
    } else {
      expect(Buffer.from(input.tapKeySig!).toString('hex')).toBe(vector.signature);
      // The wallet wrote its own internal key into its key-path input.
      expect(Buffer.from(input.tapInternalKey!).toString('hex')).toBe('cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115');
      expect(signerOf(partial, 0, 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c')).toBe(
        'taproot:a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
      );
    }
  }
});

test("signPsbt's toSignInputs: another address, key or index is refused in UniSat's words; a sighash the app did not allow is refused as bitcoinjs does", async () => {
  const hex = PSBTS.p2wpkh.hex;
  const cases: [unknown, string][] = [
    [{ toSignInputs: [{ index: 0, address: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq' }] }, 'invalid address in toSignInput'],
    [{ toSignInputs: [{ index: 0, publicKey: '02'.padEnd(66, '1') }] }, 'invalid public key in toSignInput'],
    [{ toSignInputs: [{ index: 0 }] }, 'no address or public key in toSignInput'],
    [{ toSignInputs: [{ index: 'x', address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }] }, 'invalid index in toSignInput'],
    [{ toSignInputs: [{ index: 0, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', sighashTypes: ['x'] }] }, 'invalid sighash type in toSignInput'],
  ];
  for (const [options, message] of cases) expect(await call('signPsbt', [hex, options])).toMatchObject({ error: { code: -32603, message } });
  expect(await call('signPsbt', ['zz'])).toMatchObject({ error: { code: -32603, message: 'invalid psbt' } });
  expect(await call('signPsbt', [])).toMatchObject({ error: { code: -32603, message: 'psbtHex is required' } });
  // An input asking SINGLE|ANYONECANPAY: allowed only when the app lists it.
  const psbt = bitcoin.Psbt.fromHex(hex);
  psbt.updateInput(0, { sighashType: 0x83 });
  const own = { index: 0, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' };
  expect(await call('signPsbt', [psbt.toHex(), { toSignInputs: [own] }])).toMatchObject({
    error: { message: expect.stringContaining('Sighash type is not allowed') },
  });
  const allowed = bitcoin.Psbt.fromHex(
    (await result('signPsbt', [psbt.toHex(), { autoFinalized: false, toSignInputs: [{ ...own, sighashTypes: [0x83] }] }])) as string,
  );
  expect(allowed.data.inputs[0]!.partialSig![0]!.signature.at(-1)).toBe(0x83);
  expect(signerOf(allowed, 0)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
  // Default mode signs the input with its own sighash type.
  const defaulted = bitcoin.Psbt.fromHex((await result('signPsbt', [psbt.toHex(), { autoFinalized: false }])) as string);
  expect(defaulted.data.inputs[0]!.partialSig![0]!.signature.at(-1)).toBe(0x83);
});

test('signPsbts: options per PSBT; a single object means none (each finalised), as UniSat reads it; none at all fails after approval', async () => {
  const { hex } = PSBTS.p2wpkh;
  const [kept, done] = (await result('signPsbts', [
    [hex, hex],
    [{ autoFinalized: false }, {}],
  ])) as string[];
  expect(bitcoin.Psbt.fromHex(kept!).data.inputs[0]!.partialSig).toHaveLength(1);
  expect(bitcoin.Psbt.fromHex(done!).data.inputs[0]!.finalScriptWitness).toBeDefined();
  const single = (await result('signPsbts', [[hex], { autoFinalized: false }])) as string[];
  expect(bitcoin.Psbt.fromHex(single[0]!).data.inputs[0]!.finalScriptWitness).toBeDefined();
  expect(await call('signPsbts', [[hex]])).toMatchObject({ error: { code: -32603, message: "Cannot read properties of undefined (reading '0')" } });
});

test('the connection: getAccounts is [] and every other method but the network ones answers 4100 before a connect; network reads need none', async () => {
  expect(await call('getAccounts', undefined, {}, false)).toMatchObject({ result: [] });
  for (const method of ['getPublicKey', 'getBalance', 'signMessage', 'signPsbt', 'pushTx', 'disconnect', 'getVersion']) {
    expect(await call(method, ['x'], {}, false)).toMatchObject({ error: { code: 4100 } });
  }
  expect(await call('getNetwork', undefined, { network: 'signet' }, false)).toMatchObject({ result: 'unknown' });
  expect(await call('getChain', undefined, { network: 'signet' }, false)).toMatchObject({
    result: { enum: 'BITCOIN_SIGNET', name: 'Bitcoin Signet', network: 'testnet' },
  });
  expect(await call('switchNetwork', ['signet'], {}, false)).toMatchObject({
    error: { code: -32603, message: 'the network is invalid, supported networks: livenet,testnet' },
  });
  expect(await call('switchChain', ['FRACTAL_BITCOIN_MAINNET'], {}, false)).toMatchObject({
    error: { code: -32603, message: expect.stringContaining('does not offer FRACTAL_BITCOIN_MAINNET') },
  });
  // Testnet4 is a network of this wallet's: UniSat's chain for it switches (the window approves).
  expect(await call('getChain', undefined, { network: 'testnet4' }, false)).toMatchObject({
    result: { enum: 'BITCOIN_TESTNET4', name: 'Bitcoin Testnet4 (Beta)', network: 'testnet' },
  });
  expect(await call('getNetwork', undefined, { network: 'testnet4' }, false)).toMatchObject({ result: 'testnet' });
  expect(await call('switchChain', ['DOGE'], {}, false)).toMatchObject({
    error: { code: -32603, message: expect.stringContaining('the chain is invalid, supported chains: BITCOIN_MAINNET,') },
  });
  expect(await result('getBalance', undefined, { bitcoinBalance: 12_345 })).toEqual({ confirmed: 12_345, unconfirmed: 0, total: 12_345 });
  expect(await call('multiSignMessage', [[]])).toMatchObject({ error: { code: -32603, message: expect.stringContaining('not implemented by this mock') } });
  expect(await call('nope', [])).toMatchObject({ error: { code: -32601 } });
});

test("signPsbts' window marks, PSBT by PSBT, the inputs UniSat signs with that PSBT's options", async () => {
  const settings = defaultSettings();
  const hex = PSBTS.p2wpkh.hex;
  const call = await prepareCall(
    ring,
    'signPsbts',
    [
      [hex, hex],
      [{ toSignInputs: [] }, {}],
    ],
    settings,
    undefined,
    'unisat',
    CONNECTED.grant,
  );
  const view = await call.method.view(call.params, await callContext(ring, settings, call.wallet, call.target));
  const signs = view.tables.filter((t) => t.caption.endsWith('Inputs')).map((t) => [t.caption, t.rows.map((row) => row[4])]);
  // An empty toSignInputs signs nothing; no options, every input paying to the account.
  expect(signs).toEqual([
    ['PSBT 1: Inputs', ['no']],
    ['PSBT 2: Inputs', ['yes']],
  ]);
});
