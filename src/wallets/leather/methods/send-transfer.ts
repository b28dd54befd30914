// sendTransfer: pays recipients from the account's p2wpkh address (docs/reference/leather.md §5.3), from
// its coins on the chain the settings name, as Leather selects them (../coin-selection.ts), at the
// chain's half-hour fee rate; without a chain, from one synthetic output (docs/chain.md).
import { hexToBytes } from '@noble/hashes/utils.js';
import { Address, p2wpkh } from '@scure/btc-signer';
import { btc } from '../../../core/bitcoin/psbt.ts';
import { InsufficientFunds, buildSpend, paymentView, defaultRate, type Spender } from '../../../core/bitcoin/spend.ts';
import type { Coin } from '../../../core/bitcoin/coins.ts';
import { NETWORKS, type NetworkName } from '../../../core/networks.ts';
import { RPC_ERROR, RpcError, invalidParams } from '../../../core/rpc.ts';
import { describe, networkId, optionalAccount, paramsObject, type Params } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod, type MethodContext } from '../../../core/methods/method.ts';
import { leatherSelect } from '../coin-selection.ts';

/** Input sequence 0 (use-generate-bitcoin-tx.ts): final-looking but below 0xfffffffe, so it signals RBF. */
const SEQUENCE = 0;

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

/** The account's p2wpkh address: Leather pays from it and sends the change back to it. */
export function leatherSpender(context: MethodContext): Spender {
  const { btc: net } = NETWORKS[context.target.network];
  const payment = p2wpkh(hexToBytes(context.keys.p2wpkh.publicKey), net);
  return { address: context.keys.p2wpkh.address, script: payment.script, kind: 'p2wpkh' };
}

export interface TransferPlan {
  spender: Spender;
  coins: Coin[];
  feeRate: number;
  /** Undefined when the coins cannot pay: `shortfall` says why. */
  selection?: ReturnType<ReturnType<typeof leatherSelect>>;
  shortfall?: string;
}

/** The coins and fee rate read for the request, and what Leather selects from them. */
export async function planTransfer(params: SendTransferParams, context: MethodContext): Promise<TransferPlan> {
  const spender = leatherSpender(context);
  const coins = await context.bitcoin.coins(spender.address);
  const feeRate = defaultRate(await context.bitcoin.feeRates());
  try {
    return { spender, coins, feeRate, selection: leatherSelect(NETWORKS[params.network].btc)(coins, params.recipients, feeRate) };
  } catch (error) {
    if (error instanceof InsufficientFunds) return { spender, coins, feeRate, shortfall: error.message };
    throw error;
  }
}

/** The signed transfer, or the real wallet's answer when the coins cannot pay (its window shows the error; closing it answers 4001). */
export async function signTransfer(params: SendTransferParams, context: MethodContext) {
  const plan = await planTransfer(params, context);
  if (!plan.selection) throw new RpcError(RPC_ERROR.USER_REJECTED, USER_REJECTED);
  const tx = await buildSpend(plan.spender, plan.selection, params.recipients, {
    sequence: SEQUENCE,
    network: NETWORKS[params.network].btc,
    chain: context.bitcoin,
  });
  tx.sign((await context.secrets()).p2wpkh);
  tx.finalize();
  return tx;
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
    const account = optionalAccount(params);
    return { recipients, network, ...(account !== undefined && { account }) };
  },
  requestedAccount: (params) => params.account,
  network: (params) => params.network,
  ignoresAccountZero: true,
  // Leather's window shows the shortfall and only lets the person close it (transaction-error.tsx): 4001 then.
  async errorScreen(params, context) {
    const plan = await planTransfer(params, context);
    if (!plan.shortfall) return undefined;
    return {
      title: 'Available balance insufficient',
      text: `${plan.shortfall}: the coins of ${plan.spender.address} cannot pay ${btc(params.recipients.reduce((s, r) => s + r.amount, 0n))} and the fee at ${plan.feeRate} sat/vB.`,
      onClose: { code: RPC_ERROR.USER_REJECTED, message: USER_REJECTED },
    };
  },
  async view(params, context) {
    const plan = await planTransfer(params, context);
    const payment = paymentView(plan, context.bitcoin, btc, `${plan.shortfall} at ${plan.feeRate} sat/vB`);
    return {
      title: 'Send bitcoin',
      fields: [{ label: 'From', value: plan.spender.address }, ...payment.fields],
      tables: [
        { caption: 'Recipients', columns: ['Address', 'Amount'], rows: params.recipients.map((r) => [r.address, btc(r.amount)]) },
        ...payment.coinsSpent,
      ],
    };
  },
  async respond(params, context) {
    const tx = await signTransfer(params, context);
    const transaction = {
      chain: 'bitcoin' as const,
      hex: tx.hex,
      txid: tx.id,
      send: true,
      // The node's refusal shows in Leather's window only; the page gets 4001 once it closes (rpc-request-utils.ts).
      failure: { code: RPC_ERROR.USER_REJECTED, message: USER_REJECTED, reasonInMessage: false },
    };
    return { result: { txid: tx.id }, transaction };
  },
  rejection: { rejected: USER_REJECTED, closed: USER_REJECTED },
});
