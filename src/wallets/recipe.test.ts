// The "add a wallet" recipe of docs/architecture.md, followed by a test: a wallet the table does not
// list, made of one record and one method, answers through the one answer path with its own words.
import { test, expect } from '@playwright/test';
import { KeyRing } from '../core/keyring.ts';
import { defineMethod } from '../core/methods/method.ts';
import { RpcError } from '../core/rpc.ts';
import { defaultSettings } from '../core/settings.ts';
import { approvedResponse } from '../core/wallet.ts';
import type { WalletRecord } from './record.ts';

const getPublicKey = defineMethod<{ upper: boolean }>({
  name: 'getPublicKey',
  kind: 'connect',
  parse: (raw) => ({ upper: typeof raw === 'object' && raw !== null && (raw as { upper?: unknown }).upper === true }),
  requestedAccount: () => undefined,
  network: (_params, settings) => settings.network,
  view: () => ({ title: 'Share your public key', fields: [], tables: [] }),
  respond: async ({ upper }, { keys }) => ({ result: upper ? keys.p2wpkh.publicKey.toUpperCase() : keys.p2wpkh.publicKey }),
  rejection: { rejected: 'User rejected', closed: 'User closed' },
});

const tiny: WalletRecord = {
  name: 'leather', // a real wallet's folder adds its name to core/choices.ts IDENTITY_NAMES instead
  title: 'Tiny',
  answers: 'envelope',
  methods: { getPublicKey },
  unknownMethod: (name) => new RpcError(4200, `Tiny has no ${name}`),
  rejectionCode: 4001,
  signer: 'active',
  keepsConnections: false,
  usageRules: () => [],
  addressMethod: () => 'getAddresses',
  addressRequest: () => undefined,
  pickers: { stacksConnect: 'Tiny Wallet' },
  cliFlags: {},
};

test('a wallet of one record answers through the one path: its methods, its words for what it lacks', async () => {
  const ring = new KeyRing();
  const settings = defaultSettings();
  const account = await ring.account(settings.mnemonic, settings.passphrase, 'mainnet', 0);
  expect(await approvedResponse(ring, settings, '1', 'getPublicKey', { upper: true }, undefined, { identity: tiny })).toEqual({
    jsonrpc: '2.0',
    id: '1',
    result: account.p2wpkh.publicKey.toUpperCase(),
  });
  expect(await approvedResponse(ring, settings, '2', 'getAddresses', undefined, undefined, { identity: tiny })).toMatchObject({
    error: { code: 4200, message: 'Tiny has no getAddresses' },
  });
});
