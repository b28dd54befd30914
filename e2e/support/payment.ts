// The payment address each wallet gives an app, for the connector suites of e2e/connectors/apps.
import { expectedAddresses, type NetworkName, type WalletName } from 'mock-wallet-provider/testing';

/** BIP-84's published vector, m/84'/0'/0'/0/0's key: the first account's payment key of every wallet but Xverse's (m/49'). */
export const BIP84_FIRST_KEY = '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c';

/** The payment address the wallet gives an app: each wallet's connect answer, from the kit's expected values. */
export async function paymentAddress(walletName: WalletName, account = 0, network: NetworkName = 'mainnet'): Promise<string> {
  if (walletName === 'leather') return (await expectedAddresses({ account, network })).addresses.find((a) => 'type' in a && a.type === 'p2wpkh')!.address;
  if (walletName === 'xverse') return (await expectedAddresses({ identity: 'xverse', account, network, purposes: ['payment'] })).addresses[0]!.address;
  // UniSat-shaped wallets: requestAccounts' [address]; OKX: its [address], or connect()'s { address, … } where the kit gives that.
  const answer: unknown = await expectedAddresses({ identity: walletName as 'unisat', account, network });
  return Array.isArray(answer) ? (answer[0] as string) : (answer as { address: string }).address;
}
