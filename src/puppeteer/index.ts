// import { launchWallet } from 'mock-wallet-provider/puppeteer'
// The wallet in Firefox or Chromium through Puppeteer, for any Node test runner.
export { launchWallet, type LaunchWalletOptions, type WalletSession } from './launch.ts';
export { Wallet } from './wallet.ts';
export { Prompt, type PromptDetails } from '../kit/prompt.ts';
export { WalletSetupError, extensionPath, findFirefox } from '../kit/setup.ts';
export { describeCall } from '../kit/wallet.ts';
export { expectedAddresses, type ExpectedAddressesOptions, type ExpectedXverseAddressesOptions, type ExpectedXverseAddresses } from '../kit/expected.ts';
export { accountFromDerivationPath, accountLabel } from '../core/account-path.ts';
export type { AddressEntry, AnsweredEntry, ExtraBtcEntry, P2wpkhEntry, P2trEntry, StxEntry, GetAddressesResult } from '../core/addresses.ts';
export type { RpcResponse, RpcSuccess, RpcFailure, RpcErrorObject } from '../core/rpc.ts';
export { RPC_ERROR } from '../core/rpc.ts';
export type { Settings, SettingsPatch } from '../core/settings.ts';
export type { ApprovalPolicy, EntryKind, EntryOrder, IdentityName, Variant } from '../core/choices.ts';
export type { NetworkName } from '../core/networks.ts';
export type { CallLogEntry, PendingView, LoggedTransaction } from '../shared/control.ts';
export { USAGE_RULES, describeFindings, type UsageFinding, type UsageRule } from '../core/usage.ts';
