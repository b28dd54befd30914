// What both kits export alike (mock-wallet-provider/testing and /puppeteer re-export all of it), so the two
// cannot drift; each kit adds only its browser's own: launching it, its Page type, Playwright's test and expect.
export { describeCall, type PickOptions } from './wallet.ts';
export type { PromptDetails } from './prompt.ts';
export { WalletSetupError, extensionPath, findFirefox } from './setup.ts';
export {
  expectedAddresses,
  expectedAnswer,
  type ExpectedAddressesOptions,
  type ExpectedAddressesOptionsFor,
  type ExpectedAddressesFor,
  type ExpectedAnswerOptions,
} from './expected.ts';
export { accountFromDerivationPath, accountLabel } from '../core/account-path.ts';
export type { AddressEntry, AnsweredEntry, ExtraBtcEntry, P2wpkhEntry, P2trEntry, StxEntry, GetAddressesResult } from '../core/addresses.ts';
export type { RpcResponse, RpcSuccess, RpcFailure, RpcErrorObject } from '../core/rpc.ts';
export { RPC_ERROR } from '../core/rpc.ts';
export type { Settings, SettingsPatch } from '../core/settings.ts';
export type { ApprovalPolicy, EntryKind, EntryOrder, IdentityName, Variant, WalletName } from '../core/choices.ts';
export type { NetworkName } from '../core/networks.ts';
export type { Chain } from '../core/params.ts';
export type { CallLogEntry, PendingView, LoggedTransaction } from '../shared/control.ts';
export type { AccountSource } from '../core/methods/method.ts';
export { REPEATED_CONNECT_MS, CONNECT_BEFORE_SIGNING_MS, describeFindings, type UsageFinding, type UsageRule } from '../core/usage.ts';
export { USAGE_RULES } from '../wallets/index.ts';
// The embedded chains (docs/chain.md): the Playwright kit's `chain` fixture, or startChain() in any runner.
export {
  startChain,
  ChainError,
  BitcoinControl,
  type LocalChain,
  type ChainOptions,
  type EsploraTx,
  type EsploraUtxo,
  type EsploraOutput,
  type TxStatus,
  type FeeRates,
  type FundedAccount,
} from '../chain/index.ts';
