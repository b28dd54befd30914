// sendTransfer (Xverse): pays recipients from the payment address (native or nested, as the account is
// set), from its coins on the chain as Xverse selects them (../coin-selection.ts); amounts are numbers
// of sats; answers { txid } (docs/reference/xverse.md §3.2). Written from xverse-web-extension bdbd6a0,
// src/app/screens/btcSendRequest/index.tsx and useBtcSendRequestPayload.ts.
import { hexToBytes } from '@noble/hashes/utils.js';
import { p2sh, p2wpkh } from '@scure/btc-signer';
import { btc } from '../../../core/bitcoin/psbt.ts';
import { InsufficientFunds, paymentView, buildSpend, defaultRate, type Selection, type Spender } from '../../../core/bitcoin/spend.ts';
import type { Coin } from '../../../core/bitcoin/coins.ts';
import { NETWORKS } from '../../../core/networks.ts';
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import { describe } from '../../../core/methods/fields.ts';
import { defineMethod, type MethodContext } from '../../../core/methods/method.ts';
import { sendTransfer, type SendTransferParams } from '../../leather/methods/send-transfer.ts';
import { xverseAccount, xverseSecret } from '../account.ts';
import { INSUFFICIENT, xverseSelect } from '../coin-selection.ts';
import { invalid, paramsOf, xverseMethod } from './dialect.ts';

const leather = sendTransfer;

/** The popup broadcasts with rbfEnabled: every input at 0xfffffffd. */
const RBF_SEQUENCE = 0xfffffffd;

async function paymentOf(context: MethodContext): Promise<{ spender: Spender; key: () => Promise<Uint8Array> }> {
  const root = await context.root();
  const { network, account } = context.target;
  const type = context.settings.xversePaymentType;
  const xverse = xverseAccount(root, network, account, type);
  const net = NETWORKS[network].btc;
  const inner = p2wpkh(hexToBytes(xverse.addresses.payment.publicKey), net);
  const spender: Spender =
    type === 'native'
      ? { address: xverse.addresses.payment.address, script: inner.script, kind: 'p2wpkh' }
      : { address: xverse.addresses.payment.address, script: p2sh(inner, net).script, kind: 'p2sh-p2wpkh', redeemScript: inner.script };
  return { spender, key: async () => xverseSecret(root, xverse, 'payment') };
}

interface Plan {
  spender: Spender;
  coins: Coin[];
  feeRate: number;
  selection?: Selection;
}

async function plan(params: SendTransferParams, context: MethodContext): Promise<Plan & { key: () => Promise<Uint8Array> }> {
  const { spender, key } = await paymentOf(context);
  const coins = await context.bitcoin.coins(spender.address);
  // Xverse reads its own API's `regular` rate (api-3.xverse.app/v1/fees/btc); on a chain of Esplora
  // and mempool.space routes, the half-hour rate stands for it (docs/chain.md).
  const feeRate = defaultRate(await context.bitcoin.feeRates());
  try {
    return {
      spender,
      key,
      coins,
      feeRate,
      selection: xverseSelect(spender.kind, spender.address, NETWORKS[context.target.network].btc)(coins, params.recipients, feeRate),
    };
  } catch (error) {
    if (error instanceof InsufficientFunds) return { spender, key, coins, feeRate };
    throw error;
  }
}

export const xverseSendTransfer = xverseMethod(
  defineMethod<SendTransferParams>({
    ...leather,
    name: 'sendTransfer',
    parse(raw, settings) {
      const params = paramsOf('sendTransfer', raw, '{ recipients: [{ address, amount: number }] }');
      const recipients = params['recipients'];
      if (!Array.isArray(recipients) || recipients.length === 0)
        throw invalid(`recipients must be a non-empty array of { address, amount }, got ${recipients === undefined ? 'nothing' : describe(recipients)}`);
      // SCC's schema: amount is a number; a string is refused.
      recipients.forEach((r, i) => {
        const amount = typeof r === 'object' && r !== null && !Array.isArray(r) ? r['amount'] : undefined;
        if (typeof amount !== 'number') throw invalid(`recipients[${i}].amount must be a number of satoshis, got ${describe(amount ?? null)}`);
      });
      // The network is the wallet's: Xverse takes none from the app. (Regtest addresses are devnet's: bcrt.)
      const parsed = leather.parse({ recipients, network: settings.network === 'regtest' ? 'devnet' : settings.network }, settings);
      return { ...parsed, network: settings.network };
    },
    // The popup answers -32603 'Insufficient balance' as soon as it finds the coins cannot pay (btcSendRequest/index.tsx).
    async precheck(params, context) {
      if (!(await plan(params, context)).selection) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, INSUFFICIENT);
    },
    errorScreen: undefined,
    async view(params, context) {
      const planned = await plan(params, context);
      const payment = paymentView(planned, context.bitcoin, btc, `${INSUFFICIENT} at ${planned.feeRate} sat/vB`);
      return {
        title: 'Send bitcoin',
        fields: [{ label: 'From', value: planned.spender.address }, ...payment.fields],
        tables: [
          { caption: 'Recipients', columns: ['Address', 'Amount'], rows: params.recipients.map((r) => [r.address, btc(r.amount)]) },
          ...payment.coinsSpent,
        ],
      };
    },
    async respond(params, context) {
      const { spender, key, selection } = await plan(params, context);
      if (!selection) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, INSUFFICIENT);
      const net = NETWORKS[context.target.network].btc;
      const tx = await buildSpend(spender, selection, params.recipients, { sequence: RBF_SEQUENCE, network: net, chain: context.bitcoin });
      tx.sign(await key());
      tx.finalize();
      return {
        result: { txid: tx.id },
        transaction: {
          chain: 'bitcoin',
          hex: tx.hex,
          txid: tx.id,
          send: true,
          // axios's words reach the page, not the node's (btcSendRequest/index.tsx): the reason is in error.data.
          failure: { code: RPC_ERROR.INTERNAL_ERROR, message: 'Request failed with status code 400', reasonInMessage: false },
        },
      };
    },
    rejection: { rejected: 'User rejected request to send transfer', closed: 'User rejected request to send transfer' },
  }),
);
