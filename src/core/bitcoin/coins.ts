// What a wallet reads of the Bitcoin chain: an address's coins, the fee rates, a previous transaction.
// With an Esplora URL set (the bitcoinBroadcastUrl setting), from that API; without one, the mock's
// synthetic funding: one made-up output per address, the fee rate setting (docs/chain.md).
import { bytesToHex } from '@noble/hashes/utils.js';
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { RPC_ERROR, RpcError } from '../rpc.ts';
import { NETWORKS } from '../networks.ts';
import type { Settings } from '../settings.ts';
import { FUNDING_SATS, fundingOutpoint } from './funding.ts';
import { btc, inputInfo, scriptAddress, type InputInfo } from './psbt.ts';

/** An unspent output, as Esplora lists it (GET /address/:address/utxo), value in satoshis. */
export interface Coin {
  txid: string;
  vout: number;
  value: bigint;
  confirmed: boolean;
}

/** mempool.space's tiers (GET /v1/fees/recommended), sat/vB: the next block, within 30 minutes, an hour, a day; and the floor. */
export interface FeeRates {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
}

export interface ChainReader {
  /** The Esplora base URL read; '' = no chain set: one synthetic coin per address. */
  readonly url: string;
  coins(address: string): Promise<Coin[]>;
  feeRates(): Promise<FeeRates>;
  /** A transaction's bytes in hex (a legacy input's nonWitnessUtxo). */
  transactionHex(txid: string): Promise<string>;
  /** What a balance read answers: the coins' sum on a chain; the bitcoinBalance setting without one. */
  balance(address: string): Promise<{ confirmed: bigint; unconfirmed: bigint }>;
}

/** One GET's body as text (the worker's remembers each for its request, so a window and its approval read the same). */
export type Get = (url: string) => Promise<string>;

const problem = (message: string): RpcError => new RpcError(RPC_ERROR.INTERNAL_ERROR, message);

/** fetch, with a failure that says what could not be read and why. */
export const fetchText: Get = async (url) => {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw problem(`could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = await response.text();
  if (!response.ok) throw problem(`${url} answered HTTP ${response.status}: ${body.slice(0, 200)}`);
  return body;
};

function parsed(url: string, body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw problem(`${url} did not answer JSON: ${body.slice(0, 200)}`);
  }
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isRate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Reads an Esplora API (Blockstream's electrs or mempool.space; `url` ends in /api). */
export function esploraReader(url: string, get: Get = fetchText): ChainReader {
  const coins = async (address: string): Promise<Coin[]> => {
    const at = `${url}/address/${encodeURIComponent(address)}/utxo`;
    const list = parsed(at, await get(at));
    if (!Array.isArray(list)) throw problem(`${at} did not answer a list of unspent outputs`);
    return list.map((item: unknown) => {
      const u = item as { txid?: unknown; vout?: unknown; value?: unknown; status?: { confirmed?: unknown } };
      if (typeof u?.txid !== 'string' || !/^[0-9a-f]{64}$/.test(u.txid) || !isCount(u.vout) || !isCount(u.value))
        throw problem(`${at} answered an unspent output that is not { txid, vout, value, status }: ${JSON.stringify(item).slice(0, 200)}`);
      return { txid: u.txid, vout: u.vout, value: BigInt(u.value), confirmed: u.status?.confirmed === true };
    });
  };
  return {
    url,
    coins,
    async feeRates() {
      // mempool.space's route; a plain electrs has only /fee-estimates (confirmation target → sat/vB).
      const recommended = `${url}/v1/fees/recommended`;
      const body = await get(recommended).catch(() => undefined);
      if (body !== undefined) {
        const r = parsed(recommended, body) as Partial<FeeRates>;
        if ([r.fastestFee, r.halfHourFee, r.hourFee, r.economyFee, r.minimumFee].every(isRate)) return r as FeeRates;
        throw problem(`${recommended} did not answer { fastestFee, halfHourFee, hourFee, economyFee, minimumFee }`);
      }
      const estimates = `${url}/fee-estimates`;
      const e = parsed(estimates, await get(estimates)) as Record<string, unknown>;
      const at = (target: number): number => {
        const rate = e[String(target)];
        if (!isRate(rate)) throw problem(`${estimates} has no rate for ${target} blocks`);
        return rate;
      };
      return { fastestFee: at(1), halfHourFee: at(3), hourFee: at(6), economyFee: at(144), minimumFee: Math.min(1, at(144)) };
    },
    async transactionHex(txid) {
      const at = `${url}/tx/${encodeURIComponent(txid)}/hex`;
      const body = (await get(at)).trim();
      if (!/^([0-9a-f]{2})+$/.test(body)) throw problem(`${at} did not answer a transaction in hex`);
      return body;
    },
    async balance(address) {
      let confirmed = 0n;
      let unconfirmed = 0n;
      for (const coin of await coins(address)) {
        if (coin.confirmed) confirmed += coin.value;
        else unconfirmed += coin.value;
      }
      return { confirmed, unconfirmed };
    },
  };
}

/**
 * No chain: each address holds one confirmed synthetic output of 1 000 BTC (core/bitcoin/funding.ts);
 * a legacy address's is output 0 of a synthetic transaction, whose bytes a legacy input needs.
 */
export function syntheticReader(settings: Settings): ChainReader {
  const previous = (address: string): Transaction | undefined => {
    const net = NETWORKS[settings.network].btc;
    let type: string;
    try {
      type = Address(net).decode(address).type;
    } catch {
      return undefined;
    }
    if (type !== 'pkh') return undefined;
    const tx = new Transaction({ allowUnknownOutputs: true });
    tx.addInput({ ...fundingOutpoint(address), finalScriptSig: new Uint8Array([0]) });
    tx.addOutput({ script: OutScript.encode(Address(net).decode(address)), amount: FUNDING_SATS });
    return tx;
  };
  const made = new Map<string, Transaction>();
  return {
    url: '',
    async coins(address) {
      const tx = previous(address);
      if (tx) made.set(tx.id, tx);
      const { txid, index } = tx ? { txid: tx.id, index: 0 } : fundingOutpoint(address);
      return [{ txid, vout: index, value: FUNDING_SATS, confirmed: true }];
    },
    async feeRates() {
      const rate = settings.bitcoinFeeRate;
      return { fastestFee: rate, halfHourFee: rate, hourFee: rate, economyFee: rate, minimumFee: 1 };
    },
    async transactionHex(txid) {
      const tx = made.get(txid);
      if (!tx) throw problem(`no synthetic transaction ${txid}: without a chain (bitcoinBroadcastUrl) only the synthetic funding is known`);
      return bytesToHex(tx.toBytes(true, false));
    },
    async balance() {
      return { confirmed: BigInt(settings.bitcoinBalance), unconfirmed: 0n };
    },
  };
}

/** The reader a wallet's methods use: the chain the settings name, else the synthetic funding. */
export const readerFor = (settings: Settings, get?: Get): ChainReader =>
  settings.bitcoinBroadcastUrl ? esploraReader(settings.bitcoinBroadcastUrl, get) : syntheticReader(settings);

/**
 * What the chain says of each input a window lists, for those paying to one of `own` (the account's
 * addresses): unspent with its value there, or not unspent (spent, or never made); other inputs are
 * not the account's to check. A person checks this before signing: a PSBT can claim any amount.
 */
export async function onChain(
  chain: ChainReader,
  inputs: readonly { outpoint: string; address?: string; amount?: bigint }[],
  own: readonly string[],
  btc: (sats: bigint) => string,
): Promise<string[]> {
  if (!chain.url) return inputs.map(() => 'no chain set');
  const coinsOf = new Map<string, Promise<Coin[]>>();
  return Promise.all(
    inputs.map(async (input) => {
      if (!input.address || !own.includes(input.address)) return '— (not this account’s)';
      if (!coinsOf.has(input.address)) coinsOf.set(input.address, chain.coins(input.address));
      const coin = (await coinsOf.get(input.address)!).find((c) => `${c.txid}:${c.vout}` === input.outpoint);
      if (!coin) return 'not unspent (spent, or never made)';
      const differs = input.amount !== undefined && input.amount !== coin.value ? `; the PSBT says ${btc(input.amount)}` : '';
      return `unspent, ${btc(coin.value)}${coin.confirmed ? '' : ' (unconfirmed)'}${differs}`;
    }),
  );
}

/**
 * The Inputs and Outputs tables a PSBT window shows: each input's outpoint, amount, address (or `who`: whose it
 * is, Oyl's Owner), whether it is signed (`sign`, in the wallet's words) and what the chain holds of it (onChain,
 * for the `own` addresses).
 */
export async function psbtTables(
  tx: Transaction,
  network: BTC_NETWORK,
  chain: ChainReader,
  own: readonly string[],
  sign: (index: number) => string,
  caption = '',
  who: { column: string; of(input: InputInfo): string } = { column: 'Address', of: (input) => input.address ?? '?' },
): Promise<{ caption: string; columns: string[]; rows: string[][] }[]> {
  const inputs = [...Array(tx.inputsLength).keys()].map((i) => inputInfo(tx, i, network));
  const held = await onChain(chain, inputs, own, btc);
  return [
    {
      caption: `${caption}Inputs`,
      columns: ['#', 'Outpoint', 'Amount', who.column, 'Sign', 'On the chain'],
      rows: inputs.map((input, i) => [String(i), input.outpoint, input.amount === undefined ? '?' : btc(input.amount), who.of(input), sign(i), held[i]!]),
    },
    {
      caption: `${caption}Outputs`,
      columns: ['#', 'Address', 'Amount'],
      rows: [...Array(tx.outputsLength).keys()].map((i) => {
        const o = tx.getOutput(i);
        return [String(i), o.script ? scriptAddress(o.script, network) : '?', btc(o.amount ?? 0n)];
      }),
    },
  ];
}
