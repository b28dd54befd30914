// Serves the demo dApp and the test pages on 127.0.0.1 (and localhost, a second origin).
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_PORT = Number(process.env['DEMO_PORT'] ?? 5317);

const here = fileURLToPath(new URL('.', import.meta.url));
const built = fileURLToPath(new URL('../../dist/demo', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

async function file(path: string): Promise<Buffer | undefined> {
  const clean = normalize(path).replace(/^(\.\.[/\\])+/, '');
  for (const dir of [here, built]) {
    try {
      return await readFile(join(dir, clean));
    } catch {
      // try the next folder
    }
  }
  return undefined;
}

export function startDemoServer(port = DEMO_PORT): Promise<Server> {
  let served = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // A response any browser may keep for an hour: the tests of the kit's HTTP cache clearing read it twice.
    if (url.pathname === '/cached-count') {
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'public, max-age=3600' }).end(String(++served));
      return;
    }
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    const body = await file(path);
    if (!body || path.endsWith('.ts')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Both 127.0.0.1 and localhost reach it: two origins for cross-origin frame tests.
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await startDemoServer();
  console.log(`demo dApp on http://127.0.0.1:${DEMO_PORT}/`);
}
