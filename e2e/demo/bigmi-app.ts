// A dApp written with bigmi (@bigmi/client and @bigmi/core, from npm), as LI.FI's widget and others are: a
// config with the UniSat, OKX, Bitget, Binance, OneKey, Magic Eden, Oyl, Xverse and Leather connectors, a Connect button per wallet, and the library on window for
// tests that call more (its signPsbt through the connected wallet's client).
import {
  binance,
  bitget,
  connect,
  createConfig,
  disconnect,
  getAccount,
  getConnectorClient,
  leather,
  magicEden,
  okx,
  onekey,
  oyl,
  unisat,
  xverse,
} from '@bigmi/client';
import { bitcoin, createClient, http, signPsbt } from '@bigmi/core';

const config = createConfig({
  chains: [bitcoin],
  connectors: [unisat(), okx(), bitget(), binance(), onekey(), magicEden(), oyl(), xverse(), leather()],
  client: ({ chain }) => createClient({ chain, transport: http() }),
});

type Inputs = { address: string; signingIndexes: number[]; sigHash?: number }[];

declare global {
  interface Window {
    bigmi: {
      account(): { address?: string; status: string; connector?: string };
      connect(id: string): Promise<void>;
      disconnect(): Promise<void>;
      signPsbt(psbt: string, inputsToSign: Inputs, finalize: boolean): Promise<string>;
    };
  }
}

/** bigmi's connector ids: UniSat's, Bitget's and Binance's their names, OKX's, OneKey's and Magic Eden's reverse-DNS ids, the others where they find the wallet. */
const IDS: Record<string, string> = {
  unisat: 'unisat',
  okx: 'com.okex.wallet.bitcoin',
  bitget: 'bitget',
  binance: 'binance',
  onekey: 'so.onekey.app.wallet.bitcoin',
  magiceden: 'app.magiceden.bitcoin',
  oyl: 'OylProvider',
  xverse: 'XverseProviders.BitcoinProvider',
  leather: 'LeatherProvider',
};
const connectorOf = (id: string) => {
  const found = config.connectors.find((c) => c.id === IDS[id]);
  if (!found) throw new Error(`bigmi has no ${id} connector`);
  return found;
};

window.bigmi = {
  account: () => {
    // A union by status: the address is there once connected.
    const account = getAccount(config) as { account?: { address: string }; status: string; connector?: { name: string } };
    return {
      ...(account.account && { address: account.account.address }),
      status: account.status,
      ...(account.connector && { connector: account.connector.name }),
    };
  },
  connect: async (id) => void (await connect(config, { connector: connectorOf(id) })),
  disconnect: () => disconnect(config),
  signPsbt: async (psbt, inputsToSign, finalize) => signPsbt(await getConnectorClient(config), { psbt, inputsToSign, finalize } as never) as Promise<string>,
};

const out = document.getElementById('out') as HTMLPreElement;
for (const id of Object.keys(IDS)) {
  document.getElementById(`connect-${id}`)!.addEventListener('click', async () => {
    try {
      await window.bigmi.connect(id);
      out.textContent = `Connected: ${window.bigmi.account().address}`;
    } catch (error) {
      out.textContent = `Not connected: ${(error as { shortMessage?: string; message?: string }).shortMessage ?? (error as Error).message}`;
    }
  });
}
