// A stand-in for a Stacks node and an Esplora API on 127.0.0.1: it counts every POST, accepts each
// transaction, and (Stacks) moves the account's nonce on each accepted transfer, as a node does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { deserializeTransaction } from '@stacks/transactions';

export interface LoopbackNode {
  url: string;
  /** Every transaction POSTed, in order: Stacks as hex of the bytes, Bitcoin as the hex text. */
  posts: string[];
  /** Stacks nonces of the accepted transactions, in order. */
  nonces: number[];
  close(): Promise<void>;
}

/** Every address holds one confirmed coin of 1 BTC (its txid 11…11 in an unspendable made-up block). */
export const STAND_IN_COIN = { txid: '11'.repeat(32), vout: 0, value: 100_000_000 };

/**
 * The reads a wallet makes before it sends (Esplora's /address/:address/utxo, mempool.space's fee
 * tiers), answered as a chain with STAND_IN_COIN everywhere and 10 sat/vB would: true when answered.
 */
export function answerReads(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET') return false;
  if (/^\/api\/address\/[^/]+\/utxo$/.test(req.url ?? '')) {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify([{ ...STAND_IN_COIN, status: { confirmed: true, block_height: 1, block_hash: '22'.repeat(32), block_time: 1 } }]));
    return true;
  }
  if (req.url === '/api/v1/fees/recommended') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ fastestFee: 10, halfHourFee: 10, hourFee: 10, economyFee: 10, minimumFee: 1 }));
    return true;
  }
  return false;
}

export async function loopbackNode(): Promise<LoopbackNode> {
  const posts: string[] = [];
  const nonces: number[] = [];
  let nextNonce = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (answerReads(req, res)) return;
      if (req.method === 'GET' && req.url?.startsWith('/v2/accounts/')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ nonce: nextNonce, balance: '0x0' }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v2/transactions') {
        const hex = body.toString('hex');
        posts.push(hex);
        const tx = deserializeTransaction(hex);
        nonces.push(Number(tx.auth.spendingCondition.nonce));
        nextNonce = Math.max(nextNonce, Number(tx.auth.spendingCondition.nonce) + 1);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tx.txid()));
        return;
      }
      if (req.method === 'POST' && req.url === '/api/tx') {
        posts.push(body.toString());
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    posts,
    nonces,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections alive: close() alone waits for them (30 s, a test's timeout, 2026-12-02).
        server.closeAllConnections();
      }),
  };
}
