// A dApp written with sats-connect (latest), as apps on Xverse's SDK are: its `request` helper and its
// default `Wallet`, with the wallet picked as a returning user would have (localStorage), on window for tests.
import Wallet, { request, addListener, getProviderById, RpcErrorCode } from 'sats-connect';

declare global {
  interface Window {
    sats: { request: typeof request; addListener: typeof addListener; Wallet: typeof Wallet; getProviderById: typeof getProviderById; RpcErrorCode: typeof RpcErrorCode; events: unknown[] };
  }
}

const events: unknown[] = [];
window.sats = { request, addListener, Wallet, getProviderById, RpcErrorCode, events };
