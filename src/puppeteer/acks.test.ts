// The prompt acknowledgement on a real loopback socket: every chunk the browser side sends is answered
// at once with one masked, empty pong frame (RFC 6455 §5.2, §5.5.3), and nothing when no socket matches.
import { test, expect } from '@playwright/test';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import type { Browser } from 'puppeteer-core';
import { acknowledgePromptly, seenSocket } from './acks.ts';

/** A server standing for Firefox's BiDi endpoint, and the client socket Puppeteer would hold to it. */
async function pair(): Promise<{ browserSide: Socket; client: Socket; port: number; close(): void }> {
  let accepted: (socket: Socket) => void = () => undefined;
  const server = createServer((socket) => accepted(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browserSide = new Promise<Socket>((resolve) => (accepted = resolve));
  const client = connect(port, '127.0.0.1');
  client.on('data', () => undefined); // the transport's own reader
  await new Promise((resolve) => client.once('connect', resolve));
  return {
    browserSide: await browserSide,
    client,
    port,
    close: () => {
      client.destroy();
      server.close();
    },
  };
}

const browserAt = (port: number) => ({ wsEndpoint: () => `ws://127.0.0.1:${port}/session` }) as unknown as Browser;

test('each chunk from the browser is answered with one masked, empty pong frame', async () => {
  const { browserSide, port, close } = await pair();
  try {
    acknowledgePromptly(browserAt(port));
    const received: Buffer[] = [];
    browserSide.on('data', (chunk: Buffer) => received.push(chunk));
    for (const message of ['{"type":"event"}', '{"type":"success"}']) {
      const before = Buffer.concat(received).length;
      browserSide.write(message);
      await expect.poll(() => Buffer.concat(received).length).toBe(before + 6);
    }
    const frames = Buffer.concat(received);
    for (const at of [0, 6]) {
      expect(frames[at]).toBe(0x8a); // FIN, opcode 0xA (pong)
      expect(frames[at + 1]).toBe(0x80); // masked, no payload
    }
  } finally {
    close();
  }
});

test('several browsers in one process (two Firefox, and a Chromium the kit does not acknowledge): each pong goes to the socket its browser spoke on, never to another', async () => {
  const [first, second, chromium] = await Promise.all([pair(), pair(), pair()]);
  try {
    acknowledgePromptly(browserAt(first.port));
    acknowledgePromptly(browserAt(second.port));
    const received = [first, second, chromium].map((p) => {
      const chunks: Buffer[] = [];
      p.browserSide.on('data', (chunk: Buffer) => chunks.push(chunk));
      return chunks;
    });
    const bytes = (i: number): number => Buffer.concat(received[i]!).length;
    first.browserSide.write('{"type":"event"}');
    await expect.poll(() => bytes(0)).toBe(6);
    second.browserSide.write('{"type":"event"}');
    second.browserSide.write('{"type":"success"}');
    await expect.poll(() => bytes(1)).toBeGreaterThanOrEqual(6);
    chromium.browserSide.write('{"method":"Target.attachedToTarget"}');
    await new Promise((resolve) => chromium.client.once('data', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first browser heard only its own one pong, the Chromium connection none.
    expect(bytes(0)).toBe(6);
    expect(bytes(1) % 6).toBe(0);
    expect(bytes(2)).toBe(0);
  } finally {
    for (const p of [first, second, chromium]) p.close();
  }
});

test('a browser whose connection is not a socket of this process is left alone', async () => {
  const { browserSide, client, port, close } = await pair();
  try {
    acknowledgePromptly(browserAt(port + 1 === 65536 ? port - 1 : port + 1));
    const received: Buffer[] = [];
    browserSide.on('data', (chunk: Buffer) => received.push(chunk));
    browserSide.write('{"type":"event"}');
    await new Promise((resolve) => client.once('data', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
  } finally {
    close();
  }
});

test("Node publishes each new client socket on 'net.client.socket', which the kit finds Puppeteer's socket by", async () => {
  const { client, close } = await pair();
  try {
    expect(
      seenSocket(client),
      `Node ${process.version} did not publish a new client socket on the 'net.client.socket' diagnostics channel: src/puppeteer/acks.ts cannot find Puppeteer's socket to Firefox, and every Firefox reply can come up to 40 ms late`,
    ).toBe(true);
  } finally {
    close();
  }
});
