// A provider's private line to the relay, for any page script that defines one: a MessagePort handed over in a
// window message that only this script sees, and answers read without touching anything the page can replace.
import type { RpcResponse } from '../core/rpc.ts';
import type { PageListen, PageRequest } from '../shared/messages.ts';

// Page code may later replace any of these built-ins; keep the originals.
const { apply } = Reflect;
const { defineProperty, getOwnPropertyDescriptor, getPrototypeOf } = Object;
// biome-ignore lint/suspicious/noShadowRestrictedNames: the built-in, kept before any page script can replace it
const hasOwnProperty = Object.prototype.hasOwnProperty;
const postToPort = MessagePort.prototype.postMessage;
// The handshake and every answer are read through these, saved before any page script runs:
// a page that redefines the accessors in <head> sees nothing and takes nothing.
const accessor = (proto: object, name: string, kind: 'get' | 'set'): ((...args: unknown[]) => unknown) =>
  Object.getOwnPropertyDescriptor(proto, name)![kind] as (...args: unknown[]) => unknown;
const eventData = accessor(MessageEvent.prototype, 'data', 'get');
const eventPorts = accessor(MessageEvent.prototype, 'ports', 'get');
const eventSource = accessor(MessageEvent.prototype, 'source', 'get');
const setOnMessage = accessor(MessagePort.prototype, 'onmessage', 'set');
const stopImmediately = Event.prototype.stopImmediatePropagation;
const activation = navigator.userActivation;
const isActive = activation ? Object.getOwnPropertyDescriptor(getPrototypeOf(activation), 'isActive')?.get : undefined;

/** An own data property, read through the saved built-ins: a page's getters and prototypes are never met. */
export const ownValue = (target: object, key: string): unknown => {
  const descriptor = getOwnPropertyDescriptor(target, key);
  return descriptor && apply(hasOwnProperty, descriptor, ['value']) ? descriptor.value : undefined;
};

/** An answer from the relay: its id and response, read as own data; undefined for anything else. */
export function answerIn(data: object): { id: string; response: RpcResponse } | undefined {
  const id = ownValue(data, 'id');
  const response = ownValue(data, 'response');
  return typeof id === 'string' && typeof response === 'object' && response !== null ? { id, response: response as RpcResponse } : undefined;
}

/**
 * A response's failure, read as own data: `'error' in response` is true for every success on a page
 * that set Object.prototype.error, and reading its code then throws. Undefined for a success.
 */
export function failureOf(response: RpcResponse): { code: number; message: string } | undefined {
  const error = ownValue(response, 'error');
  if (typeof error !== 'object' || error === null) return undefined;
  return { code: ownValue(error, 'code') as number, message: ownValue(error, 'message') as string };
}

/** navigator.userActivation.isActive now, through the saved getter. */
export const userActivationNow = (): boolean => (isActive ? apply(isActive, activation, []) === true : false);

/**
 * Listens (first, in the capture phase) for the window message marked `handshake` that carries the
 * port, hides it from page scripts, and returns the send function. Messages sent before the port
 * arrives wait in order. `receive` gets each message's data as a plain object.
 */
export function connectPort(handshake: string, receive: (data: object) => void): (message: PageRequest | PageListen) => void {
  let port: MessagePort | undefined;
  let queued: (PageRequest | PageListen)[] = [];
  const onMessage = (event: MessageEvent<unknown>): void => {
    // A structured clone from the relay: plain own data, read without the page's prototypes.
    const data = apply(eventData, event, []) as unknown;
    if (typeof data === 'object' && data !== null) receive(data);
  };
  addEventListener(
    'message',
    (event: MessageEvent<unknown>) => {
      if (port || apply(eventSource, event, []) !== window) return;
      const ports = apply(eventPorts, event, []) as readonly MessagePort[];
      const data = apply(eventData, event, []) as Record<string, unknown> | null;
      if (ports.length !== 1 || typeof data !== 'object' || data === null || ownValue(data, handshake) !== true) return;
      apply(stopImmediately, event, []);
      port = ports[0]!;
      apply(setOnMessage, port, [onMessage]);
      for (let i = 0; i < queued.length; i++) apply(postToPort, port, [queued[i]]);
      queued = [];
    },
    true,
  );
  return (message) => {
    if (port) apply(postToPort, port, [message]);
    // Neither push nor an index assignment: the page may have replaced one or hooked the other.
    else defineProperty(queued, queued.length, { __proto__: null, value: message, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
  };
}
