// The answer to getAddresses, given the wallet's state: shared by the extension and the CLI.
import { shapeAddresses, type GetAddressesResult } from './addresses.ts';
import type { KeyRing } from './keyring.ts';
import type { GetAddressesParams } from './params.ts';
import { rpcSuccess, type RpcSuccess } from './rpc.ts';
import type { Settings } from './settings.ts';

export type WalletState = Pick<Settings, 'mnemonic' | 'passphrase' | 'network' | 'variant' | 'missingEntries'>;

export async function getAddresses(
  ring: KeyRing,
  wallet: WalletState,
  account: number,
  params: GetAddressesParams,
): Promise<GetAddressesResult> {
  const network = params.network ?? wallet.network;
  const keys = await ring.account(wallet.mnemonic, wallet.passphrase, network, account);
  return { addresses: shapeAddresses(keys, wallet.variant, params.chains, wallet.missingEntries) };
}

export async function getAddressesResponse(
  ring: KeyRing,
  wallet: WalletState,
  account: number,
  params: GetAddressesParams,
  id: string,
): Promise<RpcSuccess<GetAddressesResult>> {
  return rpcSuccess(id, await getAddresses(ring, wallet, account, params));
}
