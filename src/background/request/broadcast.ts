// Hands a signed transaction to a node, and asks a Stacks node for nonces, only when the settings name one.
import { hexToBytes } from '@noble/hashes/utils.js';
import type { SignedTransaction } from '../../core/methods/method.ts';
import type { Settings } from '../../core/settings.ts';

export type BroadcastResult = { ok: true } | { ok: false; reason: string };

/** Where a transaction goes: Esplora's `<url>/tx`, a Stacks node's `<url>/v2/transactions`; undefined = nowhere. */
export function broadcastEndpoint(settings: Settings, transaction: SignedTransaction): string | undefined {
  if (!transaction.send) return undefined;
  const base = transaction.chain === 'bitcoin' ? settings.bitcoinBroadcastUrl : settings.stacksNodeUrl;
  if (!base) return undefined;
  return transaction.chain === 'bitcoin' ? `${base}/tx` : `${base}/v2/transactions`;
}

const reached = (url: string, error: unknown): string => `could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`;

export async function broadcast(endpoint: string, transaction: SignedTransaction): Promise<BroadcastResult> {
  // Esplora takes the hex as text; a Stacks node takes the bytes.
  const init: RequestInit =
    transaction.chain === 'bitcoin'
      ? { method: 'POST', headers: { 'content-type': 'text/plain' }, body: transaction.hex }
      : { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: hexToBytes(transaction.hex) };
  try {
    const response = await fetch(endpoint, init);
    const text = (await response.text()).slice(0, 1000);
    if (response.ok) return { ok: true };
    return { ok: false, reason: `${response.status} ${stacksReason(text)}`.trim() };
  } catch (error) {
    return { ok: false, reason: reached(endpoint, error) };
  }
}

/** A Stacks node refuses with JSON { error, reason, reason_data }: keep its words. */
function stacksReason(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; reason?: unknown };
    if (typeof body.reason === 'string') return `${typeof body.error === 'string' ? `${body.error}: ` : ''}${body.reason}`;
  } catch {
    // not JSON: the text as it came
  }
  return text;
}

/** The account as the node knows it (GET <url>/v2/accounts/<address>): its next nonce and its µSTX (the node's hex). */
export async function nodeAccount(url: string, address: string): Promise<{ nonce: number; balance: bigint }> {
  const endpoint = `${url}/v2/accounts/${address}?proof=0`;
  let response: Response;
  try {
    response = await fetch(endpoint);
  } catch (error) {
    throw new Error(reached(endpoint, error));
  }
  const body = (await response.json().catch(() => undefined)) as { nonce?: unknown; balance?: unknown } | undefined;
  if (!response.ok || typeof body?.nonce !== 'number') throw new Error(`the Stacks node at ${url} gave no nonce for ${address} (HTTP ${response.status})`);
  const balance = typeof body.balance === 'string' && /^0x[0-9a-f]+$/i.test(body.balance) ? BigInt(body.balance) : 0n;
  return { nonce: body.nonce, balance };
}

/** The account's next nonce as the node knows it. */
export const nodeNonce = async (url: string, address: string): Promise<number> => (await nodeAccount(url, address)).nonce;
