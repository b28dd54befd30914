// The contract's provider, window.WalletProvider, in Leather's dialect (docs/reference/): always
// there, no per-site permissions, the account a site connected with kept for accountRule 'site'.
import { contractRules } from '../../core/usage.ts';
import { PICKER_NAME, aliasPickerName } from '../../shared/picker.ts';
import type { WalletRecord } from '../record.ts';
import { METHODS, unknownMethod } from './methods/index.ts';

export const leather: WalletRecord = {
  name: 'leather',
  title: 'Leather',
  answers: 'envelope',
  methods: METHODS,
  unknownMethod,
  signer: 'accountRule',
  keepsConnections: true,
  usageRules: contractRules,
  addressMethod: () => 'getAddresses',
  addressRequest: ({ chains }) => (chains === undefined ? undefined : { chains: [...chains] }),
  // Reown AppKit's Bitcoin adapter reaches Leather only as the btc_providers entry with id LeatherProvider, through
  // window.LeatherProvider (@reown/appkit-adapter-bitcoin 1.8.23 dist/esm/src/connectors/LeatherConnector.js): the
  // alias renames our entry, and a run posing as Leather turns it on.
  pickers: { stacksConnect: PICKER_NAME, appKit: aliasPickerName('LeatherProvider') },
  exposeAs: ['LeatherProvider'],
  cliFlags: {},
};
