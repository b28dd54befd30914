// The fault settings change the answer as described and leave every original entry as it was.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import { KeyRing } from './keyring.ts';
import { approvedResponse } from '../wallets/answer.ts';
import type { SettingsPatch } from './settings.ts';
import { applySettingsPatch, defaultSettings } from '../wallets/settings.ts';
import { malformPath, shuffled } from './faults.ts';
import { accountFromDerivationPath } from './account-path.ts';

const ring = new KeyRing();
type Entry = Record<string, string>;
async function answer(patch: SettingsPatch, method = 'getAddresses'): Promise<Entry[]> {
  const response = await approvedResponse(ring, applySettingsPatch(defaultSettings(), patch), 'id', method, undefined);
  if (!('result' in response)) throw new Error(JSON.stringify(response));
  return (response.result as { addresses: Entry[] }).addresses;
}
const key = (e: Entry) => `${e['symbol']}:${e['type'] ?? ''}`;

for (const variant of ['first', 'second'] as const) {
  test(`${variant} variant: order, extra entries and malformed paths keep every original entry`, async () => {
    const standard = await answer({ variant });
    expect(standard.map(key)).toEqual(['BTC:p2wpkh', 'BTC:p2tr', 'STX:']);

    expect(await answer({ variant, entryOrder: 'reversed' })).toEqual([...standard].reverse());
    const shuffledOnce = await answer({ variant, entryOrder: 'shuffled', shuffleSeed: 7 });
    expect(shuffledOnce).toEqual(expect.arrayContaining(standard));
    expect(shuffledOnce).toHaveLength(3);
    expect(shuffledOnce.map(key)).not.toEqual(standard.map(key));
    expect(await answer({ variant, entryOrder: 'shuffled', shuffleSeed: 7 })).toEqual(shuffledOnce); // reproducible

    const extra = await answer({ variant, extraEntries: true });
    expect(extra.slice(0, 3)).toEqual(standard);
    expect(extra.slice(3).map(key)).toEqual(['BTC:p2sh-p2wpkh', 'BTC:p2pkh']);
    // Real addresses of the p2wpkh key, as bitcoinjs-lib encodes them.
    const pubkey = Buffer.from(standard[0]!['publicKey']!, 'hex');
    expect(extra[3]!['address']).toBe(bitcoin.payments.p2sh({ redeem: bitcoin.payments.p2wpkh({ pubkey }) }).address);
    expect(extra[4]!['address']).toBe(bitcoin.payments.p2pkh({ pubkey }).address);
    for (const e of extra.slice(3)) expect(Object.keys(e).sort()).toEqual(Object.keys(standard[0]!).sort()); // shaped like the others

    const malformed = await answer({ variant, malformedDerivationPath: true });
    expect(malformed.map((e) => e['derivationPath'])).toEqual(["m/84'/0'/0.5'/0/0", "m/86'/0'/0.5'/0/0", undefined]);
    expect(malformed.map(({ derivationPath: _d, ...rest }) => rest)).toEqual(standard.map(({ derivationPath: _d, ...rest }) => rest));
    // A sloppy parseInt still reads 0; the contract's reader refuses it (docs/reference/contract.md §2.3).
    expect(parseInt(malformed[0]!['derivationPath']!.split('/')[3]!, 10)).toBe(0);
    expect(() => accountFromDerivationPath(malformed[0]!['derivationPath']!)).toThrow();
  });
}

test('stx_getAddresses gets the same faults; extra entries need the Bitcoin key they derive from', async () => {
  expect(await answer({ entryOrder: 'reversed' }, 'stx_getAddresses')).toEqual((await answer({})).reverse());
  expect((await answer({ extraEntries: true, missingEntries: ['p2wpkh'] })).map(key)).toEqual(['BTC:p2tr', 'STX:']);
});

test('the shuffle never returns the standard order; bad fault settings are refused by name', () => {
  for (let seed = 0; seed < 200; seed++) expect(shuffled([1, 2, 3], seed)).not.toEqual([1, 2, 3]);
  expect(malformPath("m/84'/1'/12'/0/0")).toBe("m/84'/1'/12.5'/0/0");
  expect(() => applySettingsPatch(defaultSettings(), { entryOrder: 'random' as 'shuffled' })).toThrow(
    /entryOrder must be one of "standard", "reversed", "shuffled"/,
  );
  expect(() => applySettingsPatch(defaultSettings(), { responseDelayMs: 60_001 })).toThrow(/responseDelayMs must be an integer from 0 to 60000/);
  expect(() => applySettingsPatch(defaultSettings(), { extraEntries: 'yes' as unknown as boolean })).toThrow(/extraEntries must be true or false/);
});
