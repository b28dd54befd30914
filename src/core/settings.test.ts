import { test, expect } from '@playwright/test';
import { SettingsError } from './settings.ts';
import { defaultSettings, applySettingsPatch, readStoredSettings } from '../wallets/settings.ts';
import { DEFAULT_MNEMONIC } from './mnemonic.ts';

const defaults = () => ({ ...defaultSettings(), missingEntries: [] });

test('defaults: public mnemonic, account 0, mainnet, first variant, prompt, 4001', () => {
  expect(defaultSettings()).toMatchObject({
    mnemonic: DEFAULT_MNEMONIC,
    passphrase: '',
    activeAccount: 0,
    network: 'mainnet',
    variant: 'first',
    approvalPolicy: 'prompt',
    rejectionCode: 4001,
    accountRule: 'request',
    taprootKeyField: 'internal',
    bitcoinBroadcastUrl: '',
    bitcoinFeeRate: 10,
  });
  // The URL loses its trailing slash, so `${url}/tx` has one.
  expect(applySettingsPatch(defaults(), { bitcoinBroadcastUrl: 'https://mempool.local/api//' }).bitcoinBroadcastUrl).toBe('https://mempool.local/api');
});

test('a valid patch applies; switching past the list lengthens it', () => {
  const next = applySettingsPatch(defaults(), {
    activeAccount: 6,
    network: 'testnet',
    variant: 'second',
    approvalPolicy: 'approve',
    rejectionCode: -32000,
    missingEntries: ['stx', 'stx'],
  });
  expect(next).toMatchObject({
    activeAccount: 6,
    accountCount: 7,
    network: 'testnet',
    variant: 'second',
    approvalPolicy: 'approve',
    rejectionCode: -32000,
    missingEntries: ['stx'],
  });
  expect(applySettingsPatch(defaults(), { mnemonic: ` ${DEFAULT_MNEMONIC.toUpperCase()} ` }).mnemonic).toBe(DEFAULT_MNEMONIC);
});

test('the list of accounts and the active account stay consistent', () => {
  const onFive = applySettingsPatch(defaults(), { activeAccount: 4 });
  // Shortening the list alone would unlist the active account: refused, not silently undone.
  expect(() => applySettingsPatch(onFive, { accountCount: 2 })).toThrow(/accountCount 2 would not list the active account \(activeAccount 4\)/);
  expect(applySettingsPatch(onFive, { accountCount: 2, activeAccount: 1 })).toMatchObject({ accountCount: 2, activeAccount: 1 });
  // Any account number may be active; beyond the 100 listed ones the list stays as it is.
  expect(applySettingsPatch(onFive, { activeAccount: 2147483647 })).toMatchObject({ accountCount: 5, activeAccount: 2147483647 });
  expect(applySettingsPatch(applySettingsPatch(onFive, { activeAccount: 2147483647 }), { accountCount: 3 })).toMatchObject({ accountCount: 3 });
  expect(() => applySettingsPatch(defaults(), { activeAccount: 2147483648 })).toThrow(/activeAccount must be an integer from 0 to 2147483647/);
});

test('a bad field is refused whole, naming the field', () => {
  const cases: [unknown, RegExp][] = [
    [{ mnemonic: 'abandon about' }, /mnemonic has 2 words/],
    [{ passphrase: 5 }, /passphrase must be a string/],
    [{ accountCount: 0 }, /accountCount must be an integer from 1 to 100/],
    [{ activeAccount: -1 }, /activeAccount must be an integer/],
    [{ activeAccount: '3' }, /activeAccount must be an integer/],
    [{ network: 'bitcoin' }, /network must be one of/],
    [{ variant: 'third' }, /variant must be one of "first", "second"/],
    [{ approvalPolicy: 'auto' }, /approvalPolicy must be one of/],
    [{ rejectionCode: 4002 }, /rejectionCode must be one of 4001, -32000/],
    [{ missingEntries: 'stx' }, /missingEntries must be an array/],
    [{ missingEntries: ['p2pkh'] }, /missingEntries\[\] must be one of/],
    [{ colour: 'red' }, /unknown setting "colour"/],
    [{ accountRule: 'connected' }, /accountRule must be one of "request", "site"/],
    [{ taprootKeyField: 'tweaked' }, /taprootKeyField must be one of "internal", "output"/],
    [{ bitcoinBroadcastUrl: 'not a url' }, /bitcoinBroadcastUrl must be '' or an http\(s\) URL/],
    [{ bitcoinBroadcastUrl: 'file:///etc/passwd' }, /bitcoinBroadcastUrl must be an http\(s\) URL/],
    [{ bitcoinFeeRate: 0 }, /bitcoinFeeRate must be an integer from 1 to 10000/],
    [{ bitcoinFeeRate: 2.5 }, /bitcoinFeeRate must be an integer/],
    [null, /settings must be an object/],
    [{ network: 'testnet', variant: 'bogus' }, /variant/],
  ];
  for (const [patch, message] of cases) {
    expect(() => applySettingsPatch(defaults(), patch), JSON.stringify(patch)).toThrow(SettingsError);
    expect(() => applySettingsPatch(defaults(), patch), JSON.stringify(patch)).toThrow(message);
  }
});

test('stored settings: bad fields fall back to defaults one by one', () => {
  expect(readStoredSettings(undefined).settings).toEqual(defaults());
  expect(readStoredSettings({ network: 'signet', variant: 'nope', activeAccount: 2 }).settings).toMatchObject({
    network: 'signet',
    variant: 'first',
    activeAccount: 2,
  });
});
