// The contract's provider, window.WalletProvider, in Leather's dialect (docs/reference/): always
// there, no per-site permissions, the account a site connected with kept for accountRule 'site'.
import { contractRules } from '../../core/usage.ts';
import { PICKER_NAME } from '../../shared/picker.ts';
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
  pickers: { stacksConnect: PICKER_NAME },
  cliFlags: {},
};
