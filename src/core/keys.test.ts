// Published vectors: BIP-84, BIP-86 (for "abandon ×11 about") and the Stacks vector in DESIGN.md.
import { test, expect } from '@playwright/test';
import { HDKey } from '@scure/bip32';
import { DEFAULT_MNEMONIC, mnemonicToSeed } from './mnemonic.ts';
import { deriveAccount, deriveAt, fingerprintHex, masterKey, onceFor, p2trKey, p2wpkhKey } from './keys.ts';

const root = masterKey(await mnemonicToSeed(DEFAULT_MNEMONIC));

test('BIP-39 seed and master fingerprint 73c5da0a', async () => {
  const seed = await mnemonicToSeed(DEFAULT_MNEMONIC);
  expect(Buffer.from(seed).toString('hex')).toBe(
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  );
  expect(root.privateExtendedKey).toBe('xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu');
  expect(fingerprintHex(root)).toBe('73c5da0a');
});

test('BIP-84 vectors: account key, receive 0 and 1, change 0', () => {
  const zpub = { private: 0x04b2430c, public: 0x04b24746 };
  const account = HDKey.fromMasterSeed(seedOf(), zpub).derive("m/84'/0'/0'");
  expect(account.publicExtendedKey).toBe('zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
  expect(p2wpkhKey(root, 'mainnet', "m/84'/0'/0'/0/0")).toEqual({
    derivationPath: "m/84'/0'/0'/0/0",
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  });
  expect(p2wpkhKey(root, 'mainnet', "m/84'/0'/0'/0/1")).toMatchObject({
    publicKey: '03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77',
    address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
  });
  expect(p2wpkhKey(root, 'mainnet', "m/84'/0'/0'/1/0")).toMatchObject({
    publicKey: '03025324888e429ab8e3dbaf1f7802648b9cd01e9b418485c5fa4c1b9b5700e1a6',
    address: 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
  });
});

test('BIP-86 vectors: internal key, x-only output key and address', () => {
  const vectors = [
    [
      "m/86'/0'/0'/0/0",
      'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
      'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
      'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    ],
    [
      "m/86'/0'/0'/0/1",
      '83dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145',
      'a82f29944d65b86ae6b5e5cc75e294ead6c59391a1edc5e016e3498c67fc7bbb',
      'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh',
    ],
    [
      "m/86'/0'/0'/1/0",
      '399f1b2f4393f29a18c937859c5dd8a77350103157eb880f02e8c08214277cef',
      '882d74e5d0572d5a816cef0041a96b6c1de832f6f9676d9605c44d5e9a97d3dc',
      'bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7',
    ],
  ] as const;
  for (const [path, internalKey, outputKey, address] of vectors) {
    const key = p2trKey(root, 'mainnet', path);
    expect(key.publicKey.slice(2), path).toBe(internalKey);
    expect(key.publicKey.length, path).toBe(66);
    expect(key.tweakedPublicKey, path).toBe(outputKey);
    expect(key.address, path).toBe(address);
  }
  expect(HDKey.fromMasterSeed(seedOf()).derive("m/86'/0'/0'").publicExtendedKey).toBe(
    'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ',
  );
});

test('Stacks vector: first mainnet account', () => {
  expect(deriveAccount(root, 'mainnet', 0).stx.address).toBe('SPC5KHM41H6WHAST7MWWDD807YSPRQKJ69FSH54J');
});

test('each network uses its coin type and address prefixes', () => {
  const prefixes = {
    mainnet: ["m/84'/0'/3'/0/0", 'bc1q', 'bc1p', 'SP'],
    testnet: ["m/84'/1'/3'/0/0", 'tb1q', 'tb1p', 'ST'],
    signet: ["m/84'/1'/3'/0/0", 'tb1q', 'tb1p', 'ST'],
    regtest: ["m/84'/1'/3'/0/0", 'bcrt1q', 'bcrt1p', 'ST'],
    devnet: ["m/84'/1'/3'/0/0", 'bcrt1q', 'bcrt1p', 'ST'],
  } as const;
  for (const [network, [path, segwit, taproot, stx]] of Object.entries(prefixes)) {
    const keys = deriveAccount(root, network as keyof typeof prefixes, 3);
    expect(keys.p2wpkh.derivationPath).toBe(path);
    expect(keys.p2tr.derivationPath).toBe(path.replace("84'", "86'"));
    expect(keys.p2wpkh.address.startsWith(segwit)).toBe(true);
    expect(keys.p2tr.address.startsWith(taproot)).toBe(true);
    expect(keys.stx.address.startsWith(stx)).toBe(true);
  }
});

test('account index is range-checked', () => {
  expect(() => deriveAccount(root, 'mainnet', -1)).toThrow(/account must be an integer from 0/);
  expect(() => deriveAccount(root, 'mainnet', 1.5)).toThrow(/account must be an integer/);
  expect(() => deriveAccount(root, 'mainnet', 2 ** 31)).toThrow(/account must be an integer/);
});

function seedOf(): Uint8Array {
  return Buffer.from('5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4', 'hex');
}

test("deriveAt: a path is derived once per root, gives BIP-84's receive 0, and a root's oldest path goes past 256", () => {
  const path = "m/84'/0'/0'/0/0";
  const first = deriveAt(root, path);
  // BIP-84's vector (bips/bip-0084.mediawiki, "abandon ×11 about"), not the cache's own answer.
  expect(Buffer.from(first.publicKey!).toString('hex')).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c');
  expect(deriveAt(root, path)).toBe(first);
  // Another root (another wallet) has nodes of its own.
  const other = masterKey(new Uint8Array(64).fill(7));
  expect(deriveAt(other, path)).not.toBe(first);
  expect(deriveAt(other, path).publicKey).not.toEqual(first.publicKey);
  // 256 other paths later, the first is derived again: the same key, a new node.
  for (let i = 1; i <= 256; i++) deriveAt(root, `m/84'/0'/0'/0/${i}`);
  const again = deriveAt(root, path);
  expect(again).not.toBe(first);
  expect(again.publicKey).toEqual(first.publicKey);
});

test('onceFor: a key built from a node is built once per node and network, frozen; BIP-86 receive 0 from the cache too', () => {
  const path = "m/86'/0'/0'/0/0";
  let built = 0;
  const node = deriveAt(root, path);
  const first = onceFor(node, 'probe', () => ({ n: ++built }));
  expect(onceFor(node, 'probe', () => ({ n: ++built }))).toBe(first);
  expect(onceFor(node, 'another', () => ({ n: ++built }))).toEqual({ n: 2 });
  expect(Object.isFrozen(first)).toBe(true);
  // The cached taproot key is BIP-86's vector (bips/bip-0086.mediawiki), on each network its own address.
  const key = p2trKey(root, 'mainnet', path);
  expect(p2trKey(root, 'mainnet', path)).toBe(key);
  expect(key.address).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr');
  expect(p2trKey(root, 'testnet', path).address).not.toBe(key.address);
  expect(p2wpkhKey(root, 'mainnet', "m/84'/0'/0'/0/0").address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
});
