// walletProjects: one Playwright project per wallet, each posing as it. The wallets come from the
// table (every identity, and the contract's wallet that needs none), so a wallet added there is covered.
import { test, expect } from '@playwright/test';
import { walletProjects } from './projects.ts';
import type { WalletName } from '../core/choices.ts';
import { IDENTITY_NAMES } from '../wallets/index.ts';
import { CONTRACT_WALLET, WALLETS } from '../wallets/index.ts';

const names: WalletName[] = [CONTRACT_WALLET, ...IDENTITY_NAMES];
const [posed, other] = [IDENTITY_NAMES[0]!, IDENTITY_NAMES[1]!];

test('one project per wallet, named by it, each setting walletName and adding it to identities', () => {
  expect(Object.keys(WALLETS).sort()).toEqual([...names].sort()); // every wallet of the table is here
  // The contract's wallet is always there: it adds no identity; every other wallet adds its own.
  expect(walletProjects(names)).toEqual([
    { name: CONTRACT_WALLET, use: { walletName: CONTRACT_WALLET, identities: [], exposeAs: ['LeatherProvider'] } },
    ...IDENTITY_NAMES.map((name) => ({ name, use: { walletName: name, identities: [name] } })),
  ]);
  // A base project: its name prefixes each, its options stay, its identities are kept.
  expect(walletProjects([posed], { name: 'app', testDir: 'tests', use: { identities: [other], warmWindow: false } })).toEqual([
    { name: `app-${posed}`, testDir: 'tests', use: { identities: [other, posed], warmWindow: false, walletName: posed } },
  ]);
});

test("Leather's project poses as Leather where connectors look for it: window.LeatherProvider, which Reown AppKit's LeatherConnector reads", () => {
  // @reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/connectors/LeatherConnector.js: LeatherConnector.ProviderId.
  expect(walletProjects(['leather'])[0]!.use).toEqual({ walletName: 'leather', identities: [], exposeAs: ['LeatherProvider'] });
  // The base project's aliases are kept, once each; other wallets' projects turn none on.
  expect(walletProjects(['leather', 'unisat'], { use: { exposeAs: ['StacksProvider', 'LeatherProvider'] } }).map((p) => p.use?.exposeAs)).toEqual([
    ['StacksProvider', 'LeatherProvider'],
    ['StacksProvider', 'LeatherProvider'],
  ]);
  expect(walletProjects(['unisat'])[0]!.use).not.toHaveProperty('exposeAs');
});

test('a wallet this mock does not pose as, or one named twice, is a clear error', () => {
  expect(() => walletProjects([posed, 'phantom' as never])).toThrow(
    `walletProjects: "phantom" is not a wallet this mock poses as; the wallets are ${Object.keys(WALLETS).join(', ')}`,
  );
  expect(() => walletProjects([other, other])).toThrow('a wallet is named twice');
});
