// walletProjects: one Playwright project per wallet, each posing as it.
import { test, expect } from '@playwright/test';
import { walletProjects } from './projects.ts';
import { CONTRACT_WALLET } from '../wallets/index.ts';

test('one project per wallet, named by it, each setting walletName and adding it to identities', () => {
  // The contract's wallet is always there: it adds no identity.
  expect(walletProjects([CONTRACT_WALLET, 'xverse', 'unisat', 'okx'])).toEqual([
    { name: CONTRACT_WALLET, use: { walletName: CONTRACT_WALLET, identities: [] } },
    { name: 'xverse', use: { walletName: 'xverse', identities: ['xverse'] } },
    { name: 'unisat', use: { walletName: 'unisat', identities: ['unisat'] } },
    { name: 'okx', use: { walletName: 'okx', identities: ['okx'] } },
  ]);
  // A base project: its name prefixes each, its options stay, its identities are kept.
  expect(walletProjects(['unisat'], { name: 'app', testDir: 'tests', use: { identities: ['xverse'], warmWindow: false } })).toEqual([
    { name: 'app-unisat', testDir: 'tests', use: { identities: ['xverse', 'unisat'], warmWindow: false, walletName: 'unisat' } },
  ]);
});

test('a wallet this mock does not pose as, or one named twice, is a clear error', () => {
  expect(() => walletProjects(['unisat', 'phantom' as never])).toThrow('walletProjects: "phantom" is not a wallet this mock poses as; the wallets are leather, xverse, unisat, okx');
  expect(() => walletProjects(['okx', 'okx'])).toThrow('a wallet is named twice');
});
