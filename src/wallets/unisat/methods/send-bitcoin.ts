// sendBitcoin(toAddress, satoshis, options): a window showing the transaction the wallet built, then
// signed and sent; the answer is the txid (docs/reference/unisat.md §3.6). The mock has no coins: it
// spends one synthetic output at the account's address (core/bitcoin/funding.ts).
import { hexToBytes } from '@noble/hashes/utils.js';
import { Address, Transaction, selectUTXO } from '@scure/btc-signer';
import { FUNDING_SATS, fundingOutpoint } from '../../../core/bitcoin/funding.ts';
import { btc } from '../../../core/bitcoin/psbt.ts';
import { NETWORKS, type NetworkName } from '../../../core/networks.ts';
import { MAX_FEE_RATE, type Settings } from '../../../core/settings.ts';
import { RPC_ERROR } from '../../../core/rpc.ts';
import { isPlainRecord } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { UnisatAccount } from '../keys.ts';
import { argsOf, failure, unisatKeyOf, unisatMethod, unisatOf } from './dialect.ts';

export interface SendBitcoinParams {
  to: string;
  amount: bigint;
  /** options.feeRate, sat/vB; absent: the bitcoinFeeRate setting. */
  feeRate?: number;
}

/** The synthetic output the account spends: a p2pkh one carries its whole (synthetic) previous transaction. */
function fundingOf(account: UnisatAccount) {
  const witnessUtxo = { script: account.outputScript, amount: FUNDING_SATS };
  if (account.script === 'p2pkh') {
    const previous = new Transaction({ allowUnknownOutputs: true });
    previous.addInput({ ...fundingOutpoint(account.address), finalScriptSig: new Uint8Array([0]) });
    previous.addOutput(witnessUtxo);
    return { txid: previous.id, index: 0, nonWitnessUtxo: previous.toBytes(true, false) };
  }
  return {
    ...fundingOutpoint(account.address),
    witnessUtxo,
    ...(account.redeemScript && { redeemScript: account.redeemScript }),
    ...(account.script === 'p2tr' && { tapInternalKey: hexToBytes(account.publicKey).subarray(1) }),
  };
}

function build(params: SendBitcoinParams, account: UnisatAccount, network: NetworkName, settings: Settings) {
  const net = NETWORKS[network].btc;
  const selected = selectUTXO([fundingOf(account)], [{ address: params.to, amount: params.amount }], 'default', {
    changeAddress: account.address,
    feePerByte: BigInt(params.feeRate ?? settings.bitcoinFeeRate),
    network: net,
    bip69: false,
    createTx: true,
    allowLegacyWitnessUtxo: true,
  });
  if (!selected?.tx) throw failure(`the transfer cannot be paid from the synthetic ${btc(FUNDING_SATS)} (an amount below the dust limit?)`);
  return { tx: selected.tx, fee: selected.fee ?? 0n };
}

export const sendBitcoin = unisatMethod<SendBitcoinParams>({
  name: 'sendBitcoin',
  kind: 'sign',
  gate: 'site',
  parse(raw, settings) {
    const [to, satoshis, options] = argsOf('sendBitcoin', raw, '["bc1q…", 1000, { feeRate: 10 }]');
    if (!to) throw failure('toAddress is required');
    if (!satoshis) throw failure('satoshis is required');
    if (typeof to !== 'string') throw failure(`toAddress must be a string, got ${describe(to)}`);
    try {
      Address(NETWORKS[settings.network].btc).decode(to);
    } catch {
      throw failure(`toAddress ${describe(to)} is not a ${settings.network} Bitcoin address`);
    }
    const digits = typeof satoshis === 'number' && Number.isSafeInteger(satoshis) ? String(satoshis) : satoshis;
    if (typeof digits !== 'string' || !/^[0-9]{1,16}$/.test(digits) || BigInt(digits) > FUNDING_SATS / 2n)
      throw failure(`satoshis must be a whole number of satoshis (at most ${FUNDING_SATS / 2n}), got ${describe(satoshis)}`);
    const feeRate = isPlainRecord(options) ? options['feeRate'] : undefined;
    if (feeRate !== undefined && feeRate !== null && (typeof feeRate !== 'number' || !Number.isInteger(feeRate) || feeRate < 1 || feeRate > MAX_FEE_RATE)) {
      throw failure(`options.feeRate must be a whole number of sat/vB from 1 to ${MAX_FEE_RATE}, got ${describe(feeRate)}`);
    }
    return { to, amount: BigInt(digits), ...(typeof feeRate === 'number' && { feeRate }) };
  },
  view: (params, { settings }) => ({
    title: 'Send bitcoin',
    fields: [
      { label: 'To', value: params.to },
      { label: 'Amount', value: btc(params.amount) },
      { label: 'Fee rate', value: `${params.feeRate ?? settings.bitcoinFeeRate} sat/vB` },
    ],
    tables: [],
  }),
  async respond(params, context) {
    const account = await unisatOf(context);
    const { tx } = build(params, account, context.target.network, context.settings);
    tx.sign(await unisatKeyOf(context));
    tx.finalize();
    return {
      result: tx.id,
      transaction: {
        chain: 'bitcoin',
        hex: tx.hex,
        txid: tx.id,
        send: true,
        failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'sendBitcoin failed', reasonInMessage: true },
      },
    };
  },
});
