// The "add a wallet" recipe of docs/architecture.md, followed by a test: a small wallet the mock does not
// list, made of one record, gets a method, a setting with its CLI flag, a usage rule and an expected-address
// option by its record alone; a table with it (as src/wallets/index.ts makes this mock's) hands each to the
// shared code: the settings' rules, the CLI, the kits' expected values, the usage findings.
import { test, expect } from '@playwright/test';
import { KeyRing } from '../core/keyring.ts';
import { defineMethod } from '../core/methods/method.ts';
import { RpcError } from '../core/rpc.ts';
import { choiceSetting, type Settings } from '../core/settings.ts';
import { usageFindings, type UsageCall, type UsageFinding, type UsageRule } from '../core/usage.ts';
import type { IdentityName, WalletName } from '../core/wallet-types.ts';
import { runCli } from '../cli/cli.ts';
import { expectedAddressesIn } from '../kit/expected.ts';
import { CONTRACT_WALLET, WALLETS } from './index.ts';
import type { WalletRecord } from './record.ts';
import { walletTable } from './table.ts';
import { approvedResponse } from './answer.ts';

/** Account 0's m/84' public key for the test mnemonic (BIP-84's published vector). */
const PUBLIC_KEY = '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c';

/** Tiny's own setting: the case of the key it answers. */
const keyCase = choiceSetting(
  [
    ['lower', 'lower case'],
    ['upper', 'upper case'],
  ],
  'lower',
  'Tiny key case',
  { flag: 'key-case', help: 'lower | upper: the case of the key Tiny answers' },
);
const caseOf = (settings: Settings): string => (settings as unknown as { tinyKeyCase: string }).tinyKeyCase;

const getPublicKey = defineMethod<Record<never, never>>({
  name: 'getPublicKey',
  kind: 'connect',
  parse: () => ({}),
  requestedAccount: () => undefined,
  network: (_params, settings) => settings.network,
  view: () => ({ title: 'Share your public key', fields: [], tables: [] }),
  respond: async (_params, { keys, settings }) => ({ result: caseOf(settings) === 'upper' ? keys.p2wpkh.publicKey.toUpperCase() : keys.p2wpkh.publicKey }),
  rejection: { rejected: 'User rejected', closed: 'User closed' },
});

// Names the mock does not know: a real wallet declares them in core/wallet-types.ts's WalletTypes from its folder.
const TINY = 'tiny' as IdentityName;
const EARLY = 'tiny-early-key' as UsageRule;

const tiny = {
  name: TINY as WalletName,
  title: 'Tiny',
  summary: 'window.tiny: one method.',
  docs: 'docs/architecture.md',
  settings: { tinyKeyCase: keyCase },
  answers: 'envelope',
  methods: { getPublicKey },
  unknownMethod: (name: string) => new RpcError(4200, `Tiny has no ${name}`),
  rejectionCode: 4001,
  signer: 'active',
  keepsConnections: false,
  // Its own rule: a key asked for with no user action.
  usageRules: (calls: readonly UsageCall[]): UsageFinding[] =>
    calls.filter((c) => !c.userActivation).map((c) => ({ rule: EARLY, origin: c.origin, callIds: [c.id], message: 'ask on a click' })),
  ruleNames: [EARLY],
  addressMethod: () => 'getPublicKey',
  addressRequest: () => undefined,
  pickers: { stacksConnect: 'Tiny Wallet' },
} as unknown as WalletRecord;

const table = walletTable([...Object.values(WALLETS), tiny], CONTRACT_WALLET);

test("its record's method answers through the one path, and a method it lacks in its own words", async () => {
  const ring = new KeyRing();
  const settings = table.settings.defaults();
  expect(await approvedResponse(ring, settings, '1', 'getPublicKey', undefined, undefined, { identity: tiny })).toEqual({
    jsonrpc: '2.0',
    id: '1',
    result: PUBLIC_KEY,
  });
  expect(await approvedResponse(ring, settings, '2', 'getAddresses', undefined, undefined, { identity: tiny })).toMatchObject({
    error: { code: 4200, message: 'Tiny has no getAddresses' },
  });
});

test('the table hands its setting to the settings, the CLI and the expected values, and its rule to the findings', async () => {
  expect(table.identities).toContain(TINY);
  // A stored request's identity field: a wallet a page finds, or none; the contract's own name and strangers are not callers.
  expect(table.isCaller(TINY)).toBe(true);
  expect(table.isCaller(undefined)).toBe(true);
  expect(table.isCaller(CONTRACT_WALLET)).toBe(false);
  expect(table.isCaller('nobody')).toBe(false);
  expect(table.isCaller(null)).toBe(false);
  // The settings: its default, its check naming the field.
  expect(caseOf(table.settings.defaults())).toBe('lower');
  expect(caseOf(table.settings.apply(table.settings.defaults(), { tinyKeyCase: 'upper' }))).toBe('upper');
  expect(() => table.settings.apply(table.settings.defaults(), { tinyKeyCase: 'sideways' })).toThrow(
    'tinyKeyCase must be one of "lower", "upper", got "sideways"',
  );
  // The CLI: its flag, with --as it only; its help.
  const cli = await runCli(['call', 'getPublicKey', '--as', 'tiny', '--key-case', 'upper', '--id', 't'], table);
  expect(JSON.parse(cli.stdout)).toEqual({ jsonrpc: '2.0', id: 't', result: PUBLIC_KEY.toUpperCase() });
  expect(await runCli(['call', 'getPublicKey', '--key-case', 'upper'], table)).toMatchObject({
    status: 2,
    stderr: 'mock-wallet: --key-case goes with --as tiny\n',
  });
  expect((await runCli(['--help'], table)).stdout).toMatch(/--key-case <value>\s+with --as tiny: lower \| upper: the case of the key\s+Tiny answers/);
  // This mock's CLI knows no such wallet.
  expect((await runCli(['call', 'getPublicKey', '--as', 'tiny'])).stderr).toMatch(/^mock-wallet: --as must be one of /);
  // The kits' expected value: the setting as an option.
  expect(await expectedAddressesIn(table, { identity: TINY, tinyKeyCase: 'upper' })).toBe(PUBLIC_KEY.toUpperCase());
  await expect(expectedAddressesIn(table, { identity: TINY, tinyKeyCase: 'sideways' })).rejects.toThrow('tinyKeyCase must be one of');
  // The usage findings: its calls read against its own rule, which the table lists.
  const call: UsageCall = {
    id: 'c',
    origin: 'https://app.example',
    method: 'getPublicKey',
    userActivation: false,
    identity: TINY,
    outcome: 'approved',
    startedAt: 1,
  };
  expect(usageFindings([call], (identity) => table.walletFor(identity).usageRules).map((f) => f.rule)).toEqual([EARLY]);
  expect(table.usageRules).toContain(EARLY);
});
