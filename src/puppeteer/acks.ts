// Firefox's WebDriver BiDi socket holds a message back while its previous one is unacknowledged
// (Nagle's algorithm), and Linux acknowledges what it received only with the next thing it sends,
// or after 40 ms (delayed ACK). So a reply that Firefox sends within 40 ms of an event reached the
// kit up to 40 ms late. The kit answers every chunk Firefox sends with an unsolicited WebSocket pong
// (six bytes, which RFC 6455 §5.5.3 lets either side send and the other ignores): its packet carries
// the acknowledgement at once. Measured in docs/performance-and-reliability.md.
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import type { Browser } from 'puppeteer-core';

/** FIN + pong, masked (a client's frames are), no payload. */
const pongFrame = (): Buffer => Buffer.concat([Buffer.from([0x8a, 0x80]), randomBytes(4)]);

/**
 * The TCP socket under Puppeteer's connection to `browser`: Node keeps no public list of sockets,
 * so it is found among the process's active handles by the endpoint's port. undefined if not found
 * (then nothing changes; calls are only slower).
 */
function socketOf(browser: Browser): Socket | undefined {
  let port: number;
  try {
    port = Number(new URL(browser.wsEndpoint()).port);
  } catch {
    return undefined;
  }
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  return handles.find((handle): handle is Socket => handle instanceof Socket && handle.remotePort === port);
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
