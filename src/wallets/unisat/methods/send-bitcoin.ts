// sendBitcoin(toAddress, satoshis, options): a window showing the transaction the wallet built from the
// account's coins on the chain (UniSat's selection: ../coin-selection.ts), then signed and sent; the
// answer is the txid (docs/reference/unisat.md §3.6). Without a chain, one synthetic output (docs/chain.md).
import { hexToBytes } from '@noble/hashes/utils.js';
import { Address } from '@scure/btc-signer';
import { btc } from '../../../core/bitcoin/psbt.ts';
import { InsufficientFunds, buildSpend, paymentView, defaultRate, type Selection, type Spender } from '../../../core/bitcoin/spend.ts';
import type { Coin } from '../../../core/bitcoin/coins.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { MAX_BALANCE_SATS, MAX_FEE_RATE } from '../../../core/settings.ts';
import { RPC_ERROR } from '../../../core/rpc.ts';
import { isPlainRecord } from '../../../core/json.ts';
import { describe } from '../../../core/methods/fields.ts';
import type { MethodContext } from '../../../core/methods/method.ts';
import { INSUFFICIENT, unisatSelect } from '../coin-selection.ts';
import { REJECTED, argsOf, failure, unisatKeyOf, unisatMethod, unisatOf } from './dialect.ts';

export interface SendBitcoinParams {
  to: string;
  amount: bigint;
  /** options.feeRate, sat/vB; absent: the chain's middle rate (UniSat's fee summary, list[1]). */
  feeRate?: number;
}

/** The window builds with enableRBF false (usePsbtInitializer.ts): bitcoinjs' default sequence. */
const SEQUENCE = 0xffffffff;

interface Plan {
  spender: Spender;
  coins: Coin[];
  feeRate: number;
  selection?: Selection;
}

/** The account's coins and the fee rate, read for the request, and what UniSat selects from them. */
export async function planSend(params: SendBitcoinParams, context: MethodContext): Promise<Plan> {
  const account = await unisatOf(context);
  const spender: Spender = {
    address: account.address,
    script: account.outputScript,
    kind: account.script,
    ...(account.redeemScript && { redeemScript: account.redeemScript }),
    ...(account.script === 'p2tr' && { tapInternalKey: hexToBytes(account.publicKey).subarray(1) }),
  };
  const coins = await context.bitcoin.coins(spender.address);
  const feeRate = params.feeRate ?? defaultRate(await context.bitcoin.feeRates());
  try {
    const select = unisatSelect(spender.kind, spender.address, NETWORKS[context.target.network].btc);
    return { spender, coins, feeRate, selection: select(coins, [{ address: params.to, amount: params.amount }], feeRate) };
  } catch (error) {
    if (error instanceof InsufficientFunds) return { spender, coins, feeRate };
    throw error;
  }
}

/** The window's view of a send: the account's balance on the chain, the fee, the change. */
export async function sendView(params: SendBitcoinParams, context: MethodContext) {
  const plan = await planSend(params, context);
  const payment = paymentView(plan, context.bitcoin, btc, `${INSUFFICIENT} (${plan.feeRate} sat/vB)`);
  return {
    title: 'Send bitcoin',
    fields: [
      { label: 'From', value: plan.spender.address },
      { label: 'To', value: params.to },
      { label: 'Amount', value: btc(params.amount) },
      ...payment.fields,
    ],
    tables: payment.coinsSpent,
  };
}

/** UniSat's window shows the shortfall and can only be rejected: the page then gets 4001 (notification.ts). */
export async function shortfallScreen(params: SendBitcoinParams, context: MethodContext) {
  const { spender, feeRate, selection } = await planSend(params, context);
  if (selection) return undefined;
  return {
    title: INSUFFICIENT,
    text: `The coins of ${spender.address} cannot pay ${btc(params.amount)} and the fee at ${feeRate} sat/vB.`,
    onClose: { code: RPC_ERROR.USER_REJECTED, message: REJECTED },
  };
}

export async function signSend(params: SendBitcoinParams, context: MethodContext) {
  const { spender, selection } = await planSend(params, context);
  if (!selection) throw failure(INSUFFICIENT);
  const tx = await buildSpend(spender, selection, [{ address: params.to, amount: params.amount }], {
    sequence: SEQUENCE,
    network: NETWORKS[context.target.network].btc,
    chain: context.bitcoin,
  });
  tx.sign(await unisatKeyOf(context));
  tx.finalize();
  return tx;
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
    if (typeof digits !== 'string' || !/^[0-9]{1,16}$/.test(digits) || BigInt(digits) > BigInt(MAX_BALANCE_SATS))
      throw failure(`satoshis must be a whole number of satoshis (at most ${MAX_BALANCE_SATS}, 21 million BTC), got ${describe(satoshis)}`);
    const feeRate = isPlainRecord(options) ? options['feeRate'] : undefined;
    if (feeRate !== undefined && feeRate !== null && (typeof feeRate !== 'number' || !Number.isInteger(feeRate) || feeRate < 1 || feeRate > MAX_FEE_RATE)) {
      throw failure(`options.feeRate must be a whole number of sat/vB from 1 to ${MAX_FEE_RATE}, got ${describe(feeRate)}`);
    }
    return { to, amount: BigInt(digits), ...(typeof feeRate === 'number' && { feeRate }) };
  },
  errorScreen: shortfallScreen,
  view: sendView,
  async respond(params, context) {
    const tx = await signSend(params, context);
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
