// OKX's answers (docs/reference/okx.md): its objects' networks, connect()'s keys, its signMessage and
// signPsbt differences from UniSat's, send(); values from docs/reference/okx.md §4 and unisat.md §6,
// signatures checked with bitcoinjs-lib and bip322-js.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { signerOf, verifyBip322 } from '../../../test/bitcoin-reference.ts';
import { KeyRing } from '../../core/keyring.ts';
import type { Settings } from '../../core/settings.ts';
import { defaultSettings } from '../settings.ts';
import { approvedResponse } from '../answer.ts';

bitcoin.initEccLib(ecc);
const ring = new KeyRing();
const CONNECTED = { origin: 'https://app.example', grant: { accounts: [], readNetwork: false } };

async function call(method: string, params: unknown[] | undefined, patch: Partial<Settings> = {}) {
  return approvedResponse(ring, { ...defaultSettings(), ...patch }, 'o1', method, params as never, undefined, { identity: 'okx', site: CONNECTED });
}
async function result(method: string, params?: unknown[], patch: Partial<Settings> = {}): Promise<unknown> {
  const response = await call(method, params, patch);
  if (!('result' in response)) throw new Error(`${method}: ${JSON.stringify(response)}`);
  return response.result;
}

test("connect() answers the address and key of OKX's address type; taproot's publicKey is x-only, as its docs' example", async () => {
  expect(await result('bitcoin.connect')).toEqual({
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    compressedPublicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
  });
  expect(await result('bitcoin.connect', undefined, { okxAddressType: 'p2tr' })).toEqual({
    address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    publicKey: 'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
    compressedPublicKey: '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
  });
  // OKX's setting, not UniSat's.
  expect(await result('bitcoin.getPublicKey', undefined, { unisatAddressType: 'p2tr' })).toBe(
    '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
  );
});

test("each object is its network, whatever the wallet's network: bitcoin mainnet, bitcoinTestnet and bitcoinSignet testnet addresses (coin 0')", async () => {
  for (const network of ['mainnet', 'testnet'] as const) {
    expect(await result('bitcoin.requestAccounts', undefined, { network })).toEqual(['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']);
    expect(await result('bitcoinTestnet.getAccounts', undefined, { network })).toEqual(['tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0']);
  }
  expect(await result('bitcoin.getNetwork')).toBe('livenet');
  expect(await result('bitcoinTestnet.getNetwork')).toBe('testnet');
  expect(await result('bitcoinSignet.getNetwork')).toBe('signet');
  expect(await call('regtest.requestAccounts', [])).toMatchObject({
    error: { code: -32601, message: expect.stringContaining('its providers are bitcoin, bitcoinTestnet, bitcoinSignet') },
  });
  expect(await call('requestAccounts', [])).toMatchObject({ error: { code: -32601, message: expect.stringContaining('bitcoin.requestAccounts') } });
});

test("signMessage: ECDSA by default with UniSat's header; 'bip322' is read as 'bip322-simple'", async () => {
  expect(await result('bitcoin.signMessage', ['Hello World'])).toBe('Hw662OPAokgnLvuNSV411BpOkZ7KcwqDuvw/rJZ3z87jFLtKXgFUJMhy05G8xIiT69/tzvq7bVQV49jWixD3XSg=');
  for (const type of ['bip322', 'bip322-simple']) {
    const signature = (await result('bitcoin.signMessage', ['Hello World', type])) as string;
    expect(signature).toBe(
      'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
    );
    expect(verifyBip322('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'Hello World', signature)).toBe(true);
  }
});

test("signPsbt: the account's taproot input needs the app's tapInternalKey (OKX's docs); given it, the key-path signature is UniSat's", async () => {
  const hex =
    '70736274ff01005e020000000111111111111111111111111111111111111111111111111111111111111111110000000000ffffffff01905f010000000000225120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c000000000001012ba086010000000000225120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c0000';
  expect(await call('bitcoin.signPsbt', [hex], { okxAddressType: 'p2tr' })).toMatchObject({
    error: { code: -32603, message: expect.stringContaining('no tapInternalKey') },
  });
  const withKey = bitcoin.Psbt.fromHex(hex);
  withKey.updateInput(0, { tapInternalKey: Buffer.from('cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115', 'hex') });
  const signed = bitcoin.Psbt.fromHex((await result('bitcoin.signPsbt', [withKey.toHex(), { autoFinalized: false }], { okxAddressType: 'p2tr' })) as string);
  expect(Buffer.from(signed.data.inputs[0]!.tapKeySig!).toString('hex')).toBe(
    '3ec2924a5780a6f3886b36f4da481c65f687c994404efd590dd0574ef1102ec12b0cf3ff5823bbe87deff6d4a412c2db6ebfe9aae8b152fa5ff8f094f5256573',
  );
  expect(signerOf(signed, 0, 'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c')).toBe(
    'taproot:a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
  );
});

test('send({ from, to, value }) answers { txhash }: a transaction bitcoinjs reads, paying the recipient; another from is refused', async () => {
  const to = 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj';
  const { txhash } = (await result('bitcoin.send', [{ from: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', to, value: 1000 }])) as { txhash: string };
  expect(txhash).toMatch(/^[0-9a-f]{64}$/);
  expect(await call('bitcoin.send', [{ from: 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq', to, value: 1000 }])).toMatchObject({
    error: { code: -32603, message: expect.stringContaining("is not this account's address") },
  });
  expect(await call('bitcoin.send', [{ to }])).toMatchObject({ error: { code: -32603, message: 'satoshis is required' } });
});
