// One small HTTP server per chain: routes are plain functions of a request, so unit tests call
// them without a socket, and the server adds only what HTTP needs (CORS, sizes, errors).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JsonValue } from '../core/json.ts';

export interface ChainRequest {
  method: string;
  /** The path without the query, percent-decoded per segment by the route that reads it. */
  path: string;
  query: URLSearchParams;
  body: Uint8Array;
}

/** A reply: JSON (an object or array), text, or raw bytes, as the real API sends each route. */
export type ChainReply = { status: number; json: JsonValue } | { status: number; text: string } | { status: number; bytes: Uint8Array };

/** A chain's routes: a reply, or undefined for a path it does not serve (404). */
export type Routes = (request: ChainRequest) => ChainReply | undefined | Promise<ChainReply | undefined>;

export const json = (value: JsonValue, status = 200): ChainReply => ({ status, json: value });
export const text = (value: string, status = 200): ChainReply => ({ status, text: value });

/** A request body larger than this is refused (413): a standard transaction is 400 000 weight units, 800 000 hex digits. */
export const MAX_BODY_BYTES = 4_000_000;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '600',
};

function send(res: ServerResponse, reply: ChainReply): void {
  const [type, body] =
    'json' in reply
      ? ['application/json', JSON.stringify(reply.json)]
      : 'text' in reply
        ? ['text/plain', reply.text]
        : ['application/octet-stream', reply.bytes];
  res.writeHead(reply.status, { ...CORS, 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export interface Served {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves routes on 127.0.0.1 (port 0: any free port). A route that throws answers 500 with its message. */
export async function serve(routes: Routes, port = 0, prefix = ''): Promise<Served> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') return send(res, { status: 204, text: '' });
      const body = await readBody(req);
      if (!body) return send(res, text(`request body larger than ${MAX_BODY_BYTES} bytes`, 413));
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname;
      const reply = await routes({ method: req.method ?? 'GET', path, query: url.searchParams, body });
      send(res, reply ?? text(`no route for ${req.method} ${url.pathname}`, 404));
    })().catch((error: unknown) => {
      if (!res.headersSent) send(res, text(`internal error: ${error instanceof Error ? error.message : String(error)}`, 500));
      else res.destroy();
    });
  });
  // Keep-alive sockets would hold close() open until they time out.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}${prefix}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
