// A dApp written with Reown AppKit and its Bitcoin adapter (@reown/appkit and @reown/appkit-adapter-bitcoin, from
// npm), as Reown's docs set one up: createAppKit with the adapter and two networks, a Connect button that opens
// AppKit's modal (the visitor picks a wallet there), the connected account and network as AppKit reports them,
// and AppKit's provider API on window for the tests (signMessage, signPSBT, a network switch).
// Offline, as the tests run it: AppKit's remote config and wallet list fail and it keeps its defaults.
import { Buffer } from 'buffer';
import { createAppKit } from '@reown/appkit';
import { BitcoinAdapter, type BitcoinConnector } from '@reown/appkit-adapter-bitcoin';
import { bitcoin as bitcoinNetwork, bitcoinTestnet as bitcoinTestnetNetwork, type AppKitNetwork } from '@reown/appkit/networks';

// AppKit 1.8.23's network objects are typed with the viem that npm resolves (>=2.45.0): with viem 2.57 their
// prepareTransactionRequest no longer matches AppKitNetwork's, a type error in AppKit's own types (a Bitcoin app never calls it).
const bitcoin = bitcoinNetwork as unknown as AppKitNetwork;
const bitcoinTestnet = bitcoinTestnetNetwork as unknown as AppKitNetwork;
const NETWORKS = { bitcoin, bitcoinTestnet } as const;
type NetworkKey = keyof typeof NETWORKS;

// AppKit's Bitcoin connectors call Node's Buffer. The polyfill the adapter imports (@reown/appkit-polyfills 1.8.23)
// says it has no side effects (package.json sideEffects: false), so a bundler drops it and signPSBT throws "Buffer is
// not defined" (reown-com/appkit issue #4640): the app defines it, as apps on the adapter do.
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;

const modal = createAppKit({
  adapters: [new BitcoinAdapter()],
  networks: [bitcoin, bitcoinTestnet],
  // Any id: nothing reaches Reown's servers here.
  projectId: 'mock-wallet-provider-demo',
  metadata: { name: 'AppKit demo', description: 'A dApp on Reown AppKit', url: location.origin, icons: [] },
  features: { analytics: false, email: false, socials: false },
});

declare global {
  interface Window {
    appkit: {
      /** What AppKit says is connected: its address and network (CAIP-2 id), or undefined. */
      state(): { address: string | undefined; network: string | undefined; wallet: string | undefined };
      signMessage(message: string, protocol?: 'ecdsa' | 'bip322'): Promise<string>;
      signPsbt(psbt: string, signInputs: { address: string; index: number; sighashTypes: number[] }[]): Promise<string>;
      switchNetwork(network: NetworkKey): Promise<void>;
      disconnect(): Promise<void>;
    };
  }
}

/** AppKit's provider API for Bitcoin: the connected wallet's connector. */
function provider(): BitcoinConnector {
  const connector = modal.getProvider<BitcoinConnector>('bip122');
  if (!connector) throw new Error('no wallet connected');
  return connector;
}

window.appkit = {
  state: () => ({ address: modal.getAddress('bip122'), network: modal.getCaipNetwork('bip122')?.caipNetworkId, wallet: modal.getWalletInfo('bip122')?.name }),
  signMessage: async (message, protocol) => {
    const address = modal.getAddress('bip122');
    if (!address) throw new Error('no wallet connected');
    return provider().signMessage({ address, message, ...(protocol && { protocol }) });
  },
  signPsbt: async (psbt, signInputs) => (await provider().signPSBT({ psbt, signInputs, broadcast: false })).psbt,
  switchNetwork: (network) => modal.switchNetwork(NETWORKS[network]),
  disconnect: () => modal.disconnect('bip122'),
};

const account = document.getElementById('account') as HTMLElement;
const network = document.getElementById('network') as HTMLElement;
modal.subscribeAccount((state) => {
  account.textContent = state.isConnected && state.address ? `Connected: ${state.address}` : 'Not connected';
}, 'bip122');
modal.subscribeNetwork((state) => {
  network.textContent = `Network: ${state.caipNetwork?.name ?? 'none'} (${state.caipNetworkId ?? ''})`;
});
// A failed connect reaches the app only as AppKit's event (its modal says "Connection declined").
const failure = document.getElementById('failure') as HTMLElement;
modal.subscribeEvents((state) => {
  const { event, properties } = state.data as { event: string; properties?: { message?: string } };
  if (event === 'USER_REJECTED' || event === 'CONNECT_ERROR') failure.textContent = `${event}: ${properties?.message ?? ''}`;
});
document.getElementById('connect')!.addEventListener('click', () => void modal.open());
