// Firefox's WebDriver BiDi socket holds a message back while its previous one is unacknowledged
// (Nagle's algorithm), and Linux acknowledges what it received only with the next thing it sends,
// or after 40 ms (delayed ACK). So a reply that Firefox sends within 40 ms of an event reached the
// kit up to 40 ms late. The kit answers every chunk Firefox sends with an unsolicited WebSocket pong
// (six bytes, which RFC 6455 §5.5.3 lets either side send and the other ignores): its packet carries
// the acknowledgement at once. Measured in docs/performance-and-reliability.md.
import { randomBytes } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import { Socket } from 'node:net';
import type { Browser } from 'puppeteer-core';

/** FIN + pong, masked (a client's frames are), no payload. */
const pongFrame = (): Buffer => Buffer.concat([Buffer.from([0x8a, 0x80]), randomBytes(4)]);

/**
 * The process's client sockets while open, as Node publishes each new one on its built-in
 * 'net.client.socket' diagnostics channel (nodejs.org/api/diagnostics_channel.html, "Built-in channels"):
 * the one public way to reach the socket under Puppeteer's connection, which keeps it private.
 */
const sockets = new Set<Socket>();
subscribe('net.client.socket', (message) => {
  const { socket } = message as { socket?: unknown };
  if (!(socket instanceof Socket)) return;
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
});

/** Whether Node told this module of `socket` (src/puppeteer/acks.test.ts pins it for the Node version in use). */
export const seenSocket = (socket: Socket): boolean => sockets.has(socket);

/** The TCP socket under Puppeteer's connection to `browser`, found by the endpoint's port; undefined if not found (then calls are only slower). */
function socketOf(browser: Browser): Socket | undefined {
  let port: number;
  try {
    port = Number(new URL(browser.wsEndpoint()).port);
  } catch {
    return undefined;
  }
  return [...sockets].find((socket) => socket.remotePort === port);
}

/** Acknowledges at once whatever Firefox sends on `browser`'s BiDi connection. */
export function acknowledgePromptly(browser: Browser): void {
  const socket = socketOf(browser);
  if (!socket) return;
  // Each frame goes out whole from here, between the frames Puppeteer writes in their own turns.
  socket.on('data', () => {
    if (socket.writable) socket.write(pongFrame());
  });
}
