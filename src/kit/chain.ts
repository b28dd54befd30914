// What puts the wallet on a chain, for both kits: regtest keys, its Bitcoin reads and sends on the
// chain's Esplora API, its Stacks nonces and transactions on the chain's node (docs/chain.md).
import type { LocalChain } from '../chain/index.ts';
import type { SettingsPatch } from '../core/settings.ts';

export const walletOnChain = (chain: Pick<LocalChain, 'bitcoin' | 'stacksUrl'>): SettingsPatch => ({
  network: 'regtest',
  bitcoinBroadcastUrl: chain.bitcoin.url,
  ...(chain.stacksUrl !== undefined && { stacksNodeUrl: chain.stacksUrl }),
});
