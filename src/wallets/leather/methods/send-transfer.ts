// sendTransfer: pays recipients from the account's p2wpkh address (docs/reference/leather.md §5.3).
// The mock has no coins: it spends one synthetic output per account, documented in docs/methods.md.
import { hexToBytes } from '@noble/hashes/utils.js';
import { FUNDING_SATS, fundingOutpoint } from '../../../core/bitcoin/funding.ts';
import { Address, p2wpkh, selectUTXO } from '@scure/btc-signer';
import { btc } from '../../../core/bitcoin/psbt.ts';
import type { AccountKeys } from '../../../core/keys.ts';
import { NETWORKS, type NetworkName } from '../../../core/networks.ts';
import { RPC_ERROR, invalidParams } from '../../../core/rpc.ts';
import type { Settings } from '../../../core/settings.ts';
import { describe, networkId, optionalAccount, paramsObject, type Params } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod } from '../../../core/methods/method.ts';

/** Kept free for the fee, so any fee rate the settings allow can be paid. */
const FEE_RESERVE_SATS = 100_000_000n;

/** Bitcoin Core's dust limits (at 3 sat/vB), by output type. */
const DUST_LIMIT: Record<string, number> = { wpkh: 294, tr: 330, wsh: 330, sh: 540, pkh: 546 };

export interface Recipient {
  address: string;
  amount: bigint;
}

export interface SendTransferParams {
  recipients: Recipient[];
  network: NetworkName;
  account?: number;
}

function readRecipient(item: unknown, at: string, network: NetworkName): Recipient {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    throw invalidParams(`${at} must be an object { address, amount }, got ${describe(item)}`);
  const { address, amount } = item as Params;
  if (typeof address !== 'string') throw invalidParams(`${at}.address must be a string, got ${describe(address)}`);
  let type: string;
  try {
    type = Address(NETWORKS[network].btc).decode(address).type;
  } catch {
    throw invalidParams(`${at}.address ${describe(address)} is not a valid ${network} Bitcoin address`);
  }
  // @stacks/connect stringifies amounts for the real wallet (isLeather) but passes numbers through
  // for other wallets (requestRaw, enableOverrides: false): both forms are taken here.
  const digits = typeof amount === 'number' && Number.isSafeInteger(amount) ? String(amount) : amount;
  if (typeof digits !== 'string')
    throw invalidParams(`${at}.amount must be whole satoshis, as a string such as "1000" or a safe integer, got ${describe(amount)}`);
  if (!/^[0-9]{1,16}$/.test(digits) || BigInt(digits) <= 0n)
    throw invalidParams(`${at}.amount must be a positive whole number of satoshis, got ${describe(amount)}`);
  // Below Bitcoin Core's dust limit for its output type, no node would relay the transaction.
  const dust = DUST_LIMIT[type] ?? 546;
  if (BigInt(digits) < BigInt(dust)) throw invalidParams(`${at}.amount ${digits} is below the dust limit of ${dust} satoshis for that address`);
  return { address, amount: BigInt(digits) };
}

/** The transaction, fee and change for a transfer: what the window shows and what is signed. */
export function buildTransfer(params: SendTransferParams, keys: AccountKeys, settings: Settings) {
  const { btc: net } = NETWORKS[params.network];
  const publicKey = hexToBytes(keys.p2wpkh.publicKey);
  const funding = { ...fundingOutpoint(keys.p2wpkh.address), witnessUtxo: { script: p2wpkh(publicKey, net).script, amount: FUNDING_SATS } };
  const selected = selectUTXO([funding], params.recipients, 'default', {
    changeAddress: keys.p2wpkh.address,
    feePerByte: BigInt(settings.bitcoinFeeRate),
    network: net,
    bip69: false, // recipients in the order asked, change last
    createTx: true,
  });
  if (!selected?.tx)
    throw invalidParams(
      `the transfer cannot be paid from the synthetic ${btc(FUNDING_SATS)} at ${settings.bitcoinFeeRate} sat/vB (an amount below the dust limit?)`,
    );
  return { tx: selected.tx, fee: selected.fee ?? 0n, change: selected.change ? (selected.outputs.at(-1)?.amount ?? 0n) : 0n };
}

export const sendTransfer = defineMethod<SendTransferParams>({
  name: 'sendTransfer',
  kind: 'sign',
  parse(raw) {
    const params = paramsObject('sendTransfer', raw, '{ recipients: [{ address, amount }] }');
    const network = networkId(params, 'mainnet');
    let recipients: Recipient[];
    if (params['recipients'] !== undefined) {
      const list = params['recipients'];
      if (!Array.isArray(list) || list.length === 0) throw invalidParams(`recipients must be a non-empty array of { address, amount }, got ${describe(list)}`);
      recipients = list.map((item, i) => readRecipient(item, `recipients[${i}]`, network));
    } else if (params['address'] !== undefined) {
      recipients = [readRecipient({ address: params['address'], amount: params['amount'] }, 'params', network)]; // the older single-recipient form
    } else throw invalidParams('sendTransfer needs recipients: [{ address, amount }] (or address and amount)');
    const total = recipients.reduce((sum, r) => sum + r.amount, 0n);
    if (total > FUNDING_SATS - FEE_RESERVE_SATS)
      throw invalidParams(
        `insufficient funds: the recipients get ${btc(total)}; the mock wallet's synthetic balance is ${btc(FUNDING_SATS)}, less a fee reserve of ${btc(FEE_RESERVE_SATS)}`,
      );
    const account = optionalAccount(params);
    return { recipients, network, ...(account !== undefined && { account }) };
  },
  requestedAccount: (params) => params.account,
  network: (params) => params.network,
  ignoresAccountZero: true,
  view(params, { keys, settings }) {
    const { fee, change } = buildTransfer(params, keys, settings);
    return {
      title: 'Send bitcoin',
      fields: [
        { label: 'From', value: keys.p2wpkh.address },
        { label: 'Fee', value: `${btc(fee)} (${settings.bitcoinFeeRate} sat/vB)` },
        { label: 'Change', value: `${btc(change)} back to ${keys.p2wpkh.address}` },
      ],
      tables: [{ caption: 'Recipients', columns: ['Address', 'Amount'], rows: params.recipients.map((r) => [r.address, btc(r.amount)]) }],
    };
  },
  async respond(params, { keys, settings, secrets }) {
    const { tx } = buildTransfer(params, keys, settings);
    tx.sign((await secrets()).p2wpkh);
    tx.finalize();
    const transaction = {
      chain: 'bitcoin' as const,
      hex: tx.hex,
      txid: tx.id,
      send: true,
      failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Failed to broadcast transaction', reasonInMessage: true },
    };
    return { result: { txid: tx.id }, transaction };
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
