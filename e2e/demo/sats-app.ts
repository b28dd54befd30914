// A dApp written with sats-connect (latest), as apps on Xverse's SDK are: a Connect button calling its
// `request` helper, and the library on window for tests that call more.
import Wallet, { request, addListener, getProviderById, getSupportedWallets, RpcErrorCode } from 'sats-connect';

declare global {
  interface Window {
    sats: {
      request: typeof request;
      addListener: typeof addListener;
      Wallet: typeof Wallet;
      getProviderById: typeof getProviderById;
      getSupportedWallets: typeof getSupportedWallets;
      RpcErrorCode: typeof RpcErrorCode;
      events: unknown[];
    };
  }
}

const events: unknown[] = [];
window.sats = { request, addListener, Wallet, getProviderById, getSupportedWallets, RpcErrorCode, events };

const out = document.getElementById('out') as HTMLPreElement;
document.getElementById('connect')!.addEventListener('click', async () => {
  const response = await request('wallet_connect', { addresses: ['payment', 'ordinals'] as never });
  if (response.status === 'success') {
    const payment = response.result.addresses.find((a) => a.purpose === 'payment');
    out.textContent = `Connected: ${payment?.address ?? '?'}`;
  } else {
    out.textContent = `Not connected (${response.error.code}): ${response.error.message}`;
  }
});
