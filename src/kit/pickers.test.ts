// The pickers' rows, as each wallet's record names them, and what a kit says when a wallet's row is not there.
import { test, expect } from '@playwright/test';
import { pickerProblem, pickerRowName } from './wallet.ts';

test("Reown AppKit's rows: the names its Bitcoin adapter lists (its connectors' names); a wallet it does not list is said at once", () => {
  // @reown/appkit-adapter-bitcoin 1.8.23: UNISAT_CONNECTORS (utils/UnisatUtil.js), OKXConnector's name, the btc_providers
  // entries' names (SatsConnectConnector), ours renamed by the LeatherProvider alias (src/wallets/leather/page/expose.ts).
  expect((['leather', 'xverse', 'unisat', 'okx', 'bitget', 'binance'] as const).map((identity) => pickerRowName(identity, 'appKit'))).toEqual([
    'Mock Wallet (test only) as LeatherProvider',
    'Xverse Wallet',
    'Unisat Wallet',
    'OKX Wallet',
    'Bitget Wallet',
    'Binance Web3 Wallet',
  ]);
  for (const [identity, title] of [
    ['onekey', 'OneKey'],
    ['wizz', 'Wizz'],
    ['opnet', 'OP_NET'],
    ['keplr', 'Keplr'],
    ['fordefi', 'Fordefi'],
  ] as const)
    expect(() => pickerRowName(identity, 'appKit')).toThrow(`the Reown AppKit modal does not list ${title}`);
});

test('a row that is not there: no picker open, or the rows it lists, and for a wallet found under an alias, the setting that shows it', () => {
  expect(pickerProblem([], 'unisat', 'appKit')).toBe("no Reown AppKit modal is open on this page (did the app open it (AppKit's open())?)");
  expect(pickerProblem(['WalletConnect', 'Xverse Wallet'], 'unisat', 'appKit')).toBe('the picker lists "WalletConnect", "Xverse Wallet", not "Unisat Wallet"');
  expect(pickerProblem(['WalletConnect', 'Mock Wallet (test only)'], 'leather', 'appKit')).toBe(
    'the picker lists "WalletConnect", "Mock Wallet (test only)", not "Mock Wallet (test only) as LeatherProvider": is the setting exposeAs ["LeatherProvider"] on? (a walletProjects() project for Leather turns it on)',
  );
});
