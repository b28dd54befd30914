// The contract's provider, window.WalletProvider, in Leather's dialect (docs/reference/): always
// there, no per-site permissions, the account a site connected with kept for accountRule 'site'.
import { contractRules } from '../../core/usage.ts';
import { PICKER_NAME, aliasPickerName } from '../../shared/picker.ts';
import type { GetAddressesResult } from '../../core/addresses.ts';
import type { Chain } from '../../core/params.ts';
import type { CoreSettings } from '../../core/settings.ts';
import type { WalletRecord } from '../record.ts';
import { METHODS, unknownMethod } from './methods/index.ts';

/** What expectedAddresses takes for the contract's getAddresses: the settings that shape its answer, and its `chains` param. */
export interface ExpectedContractOptions
  extends Partial<
    Pick<
      CoreSettings,
      'variant' | 'missingEntries' | 'taprootKeyField' | 'strictParams' | 'entryOrder' | 'shuffleSeed' | 'extraEntries' | 'malformedDerivationPath'
    >
  > {
  /** The request's `chains` param (the second variant uses it; the first and leather variants ignore it, as the wallet does). */
  chains?: Chain[];
}

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    leather: { settings: Record<never, never>; rules: never; expected: { options: ExpectedContractOptions; result: GetAddressesResult }; contract: true };
  }
}

export const leather: WalletRecord<'leather'> = {
  name: 'leather',
  title: 'Leather',
  summary: "window.WalletProvider, the contract's provider in Leather's dialect: always there.",
  docs: 'docs/methods.md',
  settings: {},
  answers: 'envelope',
  methods: METHODS,
  unknownMethod,
  signer: 'accountRule',
  keepsConnections: true,
  usageRules: contractRules,
  ruleNames: [],
  addressMethod: () => 'getAddresses',
  addressRequest: ({ chains }) => (chains === undefined ? undefined : { chains: [...chains] }),
  // Reown AppKit's Bitcoin adapter reaches Leather only as the btc_providers entry with id LeatherProvider, through
  // window.LeatherProvider (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/connectors/LeatherConnector.js): the
  // alias renames our entry, and a run posing as Leather turns it on.
  pickers: { stacksConnect: PICKER_NAME, appKit: aliasPickerName('LeatherProvider') },
  exposeAs: ['LeatherProvider'],
};
