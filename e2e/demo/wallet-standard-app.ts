// A dApp that finds Magic Eden as Dynamic does (@dynamic-labs/bitcoin 4.92.3 MagicEdenConnector): the Wallet
// Standard wallet named 'Magic Eden' with the 'sats-connect:' feature, from @wallet-standard/app's getWallets(),
// and sats-connect's v1 calls (getAddress, signMessage, signTransaction) with getProvider returning that
// feature's provider. Each call's outcome is kept: onFinish's response, or 'cancelled' (sats-connect's v1 helpers
// drop the wallet's error and call onCancel).
import { getWallets } from '@wallet-standard/app';
import { AddressPurpose, BitcoinNetworkType, getAddress, signMessage, signTransaction, type MessageSigningProtocols } from 'sats-connect';

type Outcome = { finished: unknown } | { cancelled: true };
type SatsProvider = { connect(token: string): Promise<unknown> };

declare global {
  interface Window {
    ws: {
      /** What getWallets().get() lists: each wallet's name, chains and feature names. */
      listed(): { name: string; chains: readonly string[]; features: string[] }[];
      /** Whether Magic Eden's feature provider is the very object at window.magicEden.bitcoin. */
      sameProvider(): boolean;
      /** The registered Magic Eden wallet (another registry must be handed the same object). */
      wallet(): unknown;
      connect(): Promise<Outcome>;
      signMessage(address: string, message: string, protocol?: string): Promise<Outcome>;
      signTransaction(psbtBase64: string, inputsToSign: { address: string; signingIndexes: number[] }[], broadcast?: boolean): Promise<Outcome>;
    };
  }
}

const registry = getWallets();
const magicEden = () => registry.get().find((w) => w.name === 'Magic Eden' && 'sats-connect:' in w.features);
/** Dynamic's getProvider: the feature's provider, and nothing else (sats-connect would fall back to Xverse's). */
const getProvider = async () => (magicEden()?.features['sats-connect:'] as { provider: SatsProvider } | undefined)?.provider as never;

function outcome(run: (done: { onFinish(response: unknown): void; onCancel(): void }) => Promise<void>): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    run({ onFinish: (finished) => resolve({ finished }), onCancel: () => resolve({ cancelled: true }) }).catch(reject);
  });
}

const network = { type: BitcoinNetworkType.Mainnet };

window.ws = {
  listed: () => registry.get().map((w) => ({ name: w.name, chains: w.chains, features: Object.keys(w.features) })),
  sameProvider: () =>
    (magicEden()?.features['sats-connect:'] as { provider?: unknown } | undefined)?.provider ===
    (window as unknown as { magicEden?: { bitcoin?: unknown } }).magicEden?.bitcoin,
  wallet: () => magicEden(),
  connect: () =>
    outcome((done) =>
      getAddress({
        getProvider,
        payload: { purposes: [AddressPurpose.Ordinals, AddressPurpose.Payment], message: 'Address for receiving Ordinals and payments', network },
        ...done,
      }),
    ),
  signMessage: (address, message, protocol) =>
    outcome((done) =>
      signMessage({ getProvider, payload: { network, address, message, ...(protocol && { protocol: protocol as MessageSigningProtocols }) }, ...done }),
    ),
  signTransaction: (psbtBase64, inputsToSign, broadcast) =>
    outcome((done) =>
      signTransaction({ getProvider, payload: { network, message: 'Sign Transaction', psbtBase64, inputsToSign, ...(broadcast && { broadcast }) }, ...done }),
    ),
};

const out = document.getElementById('out') as HTMLPreElement;
document.getElementById('connect')!.addEventListener('click', async () => {
  const connected = await window.ws.connect();
  out.textContent =
    'finished' in connected
      ? `Connected: ${(connected.finished as { addresses: { address: string }[] }).addresses.map((a) => a.address).join(' ')}`
      : 'Not connected: cancelled';
});
