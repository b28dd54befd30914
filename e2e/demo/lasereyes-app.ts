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
const WALLETS = [UNISAT, OKX, WIZZ, OP_NET, KEPLR, BINANCE, MAGIC_EDEN, OYL, XVERSE, LEATHER] as const;
const button = (wallet: (typeof WALLETS)[number]) => document.getElementById(`connect-${wallet}`) as HTMLButtonElement;
client.$store.subscribe((store) => {
  if (shown.textContent !== store.address) shown.textContent = store.address;
  // A button is enabled once LaserEyes has found its wallet, which it does after the page loads, as apps
  // offer a wallet: a click before that would ask a wallet LaserEyes does not know yet (2026-12-07, one run
  // of e2e/connectors/apps/matrix.spec.ts). Playwright's click() waits for it.
  for (const wallet of WALLETS) {
    const missing = store.hasProvider[wallet] !== true;
    if (button(wallet).disabled !== missing) button(wallet).disabled = missing;
  }
});
for (const wallet of WALLETS) {
  button(wallet).addEventListener('click', async () => {
    try {
      await client.connect(wallet);
      out.textContent = `Connected: ${client.$store.get().address}`;
    } catch (error) {
      out.textContent = `Not connected: ${(error as { message?: string }).message ?? String(error)}`;
    }
  });
}
