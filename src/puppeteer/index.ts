// import { launchWallet } from 'mock-wallet-provider/puppeteer'
// The wallet in Firefox or Chromium through Puppeteer, for any Node test runner.
export * from '../kit/index.ts';
export { launchWallet, type LaunchWalletOptions, type WalletSession } from './launch.ts';
export { Wallet } from './wallet.ts';
export { Prompt } from '../kit/prompt.ts';
