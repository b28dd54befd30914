// A dApp written with LaserEyes (@omnisat/lasereyes-core 0.0.85, bundled from its published tarball by
// scripts/lasereyes.ts), as ordinals and runes apps are: a client with its stores, a Connect button per
// wallet, and the client on window for tests that call more. The network comes from ?network=.
import {
  LaserEyesClient,
  createConfig,
  createStores,
  BINANCE,
  KEPLR,
  LEATHER,
  MAGIC_EDEN,
  MAINNET,
  OKX,
  OP_NET,
  OYL,
  UNISAT,
  WIZZ,
  XVERSE,
} from '@omnisat/lasereyes-core';

declare global {
  interface Window {
    lasereyes: { client: LaserEyesClient; state(): unknown; UNISAT: typeof UNISAT; OKX: typeof OKX };
  }
}

const network = new URLSearchParams(location.search).get('network') ?? MAINNET;
const client = new LaserEyesClient(createStores(), createConfig({ network: network as typeof MAINNET }));
client.initialize();

/** What an app shows: the store's connection fields, as plain JSON. */
function state() {
  const { connected, isConnecting, provider, address, paymentAddress, publicKey, paymentPublicKey, accounts, hasProvider } = client.$store.get();
  return JSON.parse(
    JSON.stringify({
      connected,
      isConnecting,
      provider,
      address,
      paymentAddress,
      publicKey,
      paymentPublicKey,
      accounts,
      hasProvider,
      network: client.$network.get(),
    }),
  );
}
window.lasereyes = { client, state, UNISAT, OKX };

const out = document.getElementById('out') as HTMLPreElement;
// As an app shows the account: from the store, so it follows the wallet's events. Written only when it
// changes: LaserEyes watches the DOM, and a write on every store change would feed its observers back.
const shown = document.getElementById('address') as HTMLSpanElement;
client.$store.subscribe((store) => void (shown.textContent !== store.address && (shown.textContent = store.address)));
for (const wallet of [UNISAT, OKX, WIZZ, OP_NET, KEPLR, BINANCE, MAGIC_EDEN, OYL, XVERSE, LEATHER] as const) {
  document.getElementById(`connect-${wallet}`)!.addEventListener('click', async () => {
    try {
      await client.connect(wallet);
      out.textContent = `Connected: ${client.$store.get().address}`;
    } catch (error) {
      out.textContent = `Not connected: ${(error as { message?: string }).message ?? String(error)}`;
    }
  });
}
