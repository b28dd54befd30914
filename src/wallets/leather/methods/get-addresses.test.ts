// getAddresses: the real wallet's network ids in every variant, and the 'leather' variant's shape
// checked key for key against the real wallet's, from an independent derivation.
import { test, expect } from '@playwright/test';
import { getAddresses as leatherGetAddresses } from '@leather.io/rpc';
import { LEATHER_IDS, firstVariant, leatherVariant, reference, secondVariant } from '../../../../test/reference.ts';
import type { Variant } from '../../../core/choices.ts';
import { KeyRing } from '../../../core/keyring.ts';
import { defaultSettings } from '../../settings.ts';
import { approvedResponse, prepareCall } from '../../answer.ts';

const ring = new KeyRing();

async function answer(variant: Variant, params?: Record<string, unknown>) {
  return approvedResponse(ring, { ...defaultSettings(), variant }, 'id-1', 'getAddresses', params as never);
}

for (const [id, network] of Object.entries(LEATHER_IDS)) {
  test(`network "${id}": the second and leather variants answer with ${network} keys; the first accepts it and keeps the wallet's network`, async () => {
    const ref = await reference(network, 0);
    expect(await answer('leather', { network: id })).toMatchObject({ result: { addresses: leatherVariant(ref) } });
    expect(await answer('second', { network: id })).toMatchObject({ result: { addresses: secondVariant(ref) } });
    expect(await answer('first', { network: id })).toMatchObject({ result: { addresses: firstVariant(await reference('mainnet', 0)) } });
    const logged = await prepareCall(ring, 'getAddresses', { network: id }, { ...defaultSettings(), variant: 'first' });
    expect(logged.method.ignored?.(logged.params)).toEqual(['network']);
  });
}

test('an unknown network id is -32602 naming the accepted ones, in every variant', async () => {
  for (const variant of ['first', 'second', 'leather'] as const) {
    const response = await answer(variant, { network: 'moon' });
    expect(response, variant).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/network must be one of .*testnet4.*sbtcTestnet.*sbtcDevenv.*devnet/) },
    });
  }
});

test("leather variant: the real wallet's entries, key for key and in its key order", async () => {
  const response = await answer('leather');
  if (!('result' in response)) throw new Error(JSON.stringify(response));
  const { addresses } = response.result as { addresses: object[] };
  // The same JSON text: same keys, same values, same order.
  expect(JSON.stringify(addresses)).toBe(JSON.stringify(leatherVariant(await reference('mainnet', 0))));
  // @leather.io/rpc's schema requires descriptor, which the real wallet does not send (docs/reference/leather.md §8).
  expect(leatherGetAddresses.response.safeParse(response).success).toBe(false);
  expect(Object.keys(addresses[2]!)).toEqual(['symbol', 'address', 'publicKey']);
});

test('leather variant reads only network, as the real wallet: chains and anything else are ignored and logged', async () => {
  const response = await answer('leather', { chains: ['bitcoin'], appDetails: { name: 'x' }, network: 'testnet' });
  expect(response).toMatchObject({ result: { addresses: leatherVariant(await reference('testnet', 0)) } });
  const logged = await prepareCall(ring, 'getAddresses', { chains: ['bitcoin'], appDetails: { name: 'x' } }, { ...defaultSettings(), variant: 'leather' });
  expect(logged.method.ignored?.(logged.params)).toEqual(['chains', 'appDetails']);
});
