// getBitcoinUtxos: a connected site's read with no window (docs/reference/unisat.md §3.3): the account's
// coins on the chain in UniSat's shape (unisat-wallet/extension 494345cb, src/background/controller/wallet.ts
// getBTCUtxos); without a chain, none (the synthetic funding is not a coin a page can build on).
import { bytesToHex } from '@noble/hashes/utils.js';
import type { UnisatAddressType } from '../settings.ts';
import { unisatOf, unisatQuery } from './dialect.ts';

/** @unisat/wallet-sdk's AddressType enum (src/types.ts). */
const ADDRESS_TYPE: Record<UnisatAddressType, number> = { p2pkh: 0, p2wpkh: 1, p2tr: 2, 'p2sh-p2wpkh': 3, 'm44-p2wpkh': 4, 'm44-p2tr': 5 };

/** UniSat ignores its arguments. */
export const getBitcoinUtxos = unisatQuery(
  'getBitcoinUtxos',
  'site',
  () => null,
  async (_params, context) => {
    if (!context.bitcoin.url) return { result: [] };
    const account = await unisatOf(context);
    const coins = await context.bitcoin.coins(account.address);
    return {
      result: coins.map((c) => ({
        txid: c.txid,
        vout: c.vout,
        satoshis: Number(c.value),
        scriptPk: bytesToHex(account.outputScript),
        addressType: ADDRESS_TYPE[account.type],
        pubkey: account.publicKey,
        inscriptions: [],
        atomicals: [],
      })),
    };
  },
);
