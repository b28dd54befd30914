// The fee a wallet puts in a Stacks transaction that names none, when a Stacks node is set: what the
// node estimates (POST /v2/fees/transaction, stacks-network/stacks-core stackslib/src/net/api/postfeerate.rs:
// three estimations, low, middle, high) read through each wallet's rule. Without a node: DEFAULT_STACKS_FEE.
import { RPC_ERROR, RpcError } from '../rpc.ts';

export type StacksTxKind = 'transfer' | 'call' | 'deploy';

/** One POST's body as text (the worker's remembers each for its request, so a window and its approval agree). */
export type Post = (url: string, body: string) => Promise<string>;

export const postText: Post = async (url, body) => {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  } catch (error) {
    throw new RpcError(RPC_ERROR.INTERNAL_ERROR, `could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) throw new RpcError(RPC_ERROR.INTERNAL_ERROR, `${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  return text;
};

/** The node's low, middle and high fees for a transaction of this payload and length; undefined when it cannot say. */
export async function nodeEstimates(url: string, payloadHex: string, estimatedLength: number, post: Post = postText): Promise<bigint[] | undefined> {
  try {
    const body = JSON.parse(await post(`${url}/v2/fees/transaction`, JSON.stringify({ transaction_payload: payloadHex, estimated_len: estimatedLength }))) as {
      estimations?: { fee?: unknown }[];
    };
    const fees = (body.estimations ?? []).map((e) => (typeof e.fee === 'number' && Number.isSafeInteger(e.fee) && e.fee >= 0 ? BigInt(e.fee) : undefined));
    return fees.length === 3 && fees.every((f) => f !== undefined) ? (fees as bigint[]) : undefined;
  } catch {
    return undefined; // a node with no fee history answers 400 NoEstimateAvailable: the wallet's fallback
  }
}

/** A wallet's rule: the fee for a transaction of this kind, from the node's estimates (undefined: none came). */
export type StacksFeeRule = (kind: StacksTxKind, estimates: bigint[] | undefined) => bigint;

const clamp = (value: bigint, low: bigint, high: bigint): bigint => (value < low ? low : value > high ? high : value);

/**
 * Leather's, on its default "standard" tier (leather-io/extension 05d24d70, fee-editor.provider.tsx;
 * leather-io/mono 4ac9e631, packages/query/src/stacks/fees/fees.utils.ts parseStacksTxFeeEstimationResponse):
 * a transfer is the remote config's 400 µSTX (tokenTransferFeeEstimations [200, 400, 800]); a contract call
 * or deploy is the node's middle estimate held between 3 000 µSTX and 0.75 STX (the built-in limits: the
 * config's own are read under another key); 3 000 µSTX when the node gives none.
 */
export const leatherFee: StacksFeeRule = (kind, estimates) => {
  if (kind === 'transfer') return 400n;
  return estimates ? clamp(estimates[1]!, 3_000n, 750_000n) : 3_000n;
};
