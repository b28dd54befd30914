// Hands a signed transaction to a node, only when the settings name one.
import type { SignedTransaction } from '../core/methods/method.ts';

export type BroadcastResult = { ok: true } | { ok: false; reason: string };

/** POSTs the raw transaction to an Esplora-compatible `<url>/tx`. */
export async function broadcast(url: string, transaction: SignedTransaction): Promise<BroadcastResult> {
  try {
    const response = await fetch(`${url}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: transaction.hex });
    const text = (await response.text()).slice(0, 1000);
    return response.ok ? { ok: true } : { ok: false, reason: `${response.status} ${text}`.trim() };
  } catch (error) {
    return { ok: false, reason: `could not reach ${url}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
