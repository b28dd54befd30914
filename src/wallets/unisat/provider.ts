// A UniSat-shaped provider for a page script (docs/reference/unisat.md §1.1, §2): methods taking
// positional arguments, resolving with the bare result and rejecting with a plain { code, message }
// object, and Node's EventEmitter calls for its events. Built over the page script's line to the relay
// (src/page/runtime.ts); OKX's providers are the same object with a few more methods (docs/reference/okx.md),
// Magic Eden's and Oyl's the same calls with their own errors.
import type { IdentityName } from '../../core/choices.ts';
import { toJsonValue } from '../../core/json.ts';
import type { RpcResponse } from '../../core/rpc.ts';
import { append, copy, eventEmitter, type EmitterMethods, failureOf, isArray, openLine, ownValue, promise, requestId } from '../../page/runtime.ts';
import { UNISAT_ERROR } from './words.ts';

/** What a UniSat-shaped promise rejects with: never an Error, as eth-rpc-errors' serializeError gives it. */
export interface ProviderError {
  code: number;
  message: string;
}

const same = <T>(value: T): T => value;
/** A method that resolves with nothing (Promise<void>): the page gets undefined for the wallet's null. */
export const nothing = (): undefined => undefined;

/**
 * The request and event plumbing one page script shares among its providers: `call` sends a method
 * with its arguments and settles as UniSat's promises do; events go to every emitter made here.
 */
export function providerLine(identity: IdentityName) {
  const emitters: ((type: string, payload: unknown, event: object) => void)[] = [];
  const line = openLine(identity, (event) => {
    const type = ownValue(event, 'type');
    if (typeof type !== 'string') return;
    const payload = ownValue(event, 'payload');
    for (let i = 0; i < emitters.length; i++) emitters[i]!(type, payload, event);
  });

  /** One request; `answer` gets its envelope as the relay answered (or this script's refusal of arguments JSON cannot carry). */
  const request = (method: string, args: readonly unknown[], answer: (response: RpcResponse) => void): void => {
    const id = requestId();
    // JSON has no undefined: trailing ones go (an omitted argument), inner ones become null.
    let end = args.length;
    while (end > 0 && args[end - 1] === undefined) end--;
    const safe = toJsonValue(copy(args, 0, end), undefined, 'arguments');
    if (!safe.ok) {
      answer({ jsonrpc: '2.0', id, error: { code: -32603, message: `${safe.path} ${safe.reason}` } });
      return;
    }
    line.ask(id, method, safe.value === undefined || (isArray(safe.value) && safe.value.length === 0) ? undefined : safe.value, answer);
  };

  /**
   * A method's promise: the bare result (what `result` makes of it), or a rejection with the { code, message }
   * (what `failure` makes of it). `connect` names the wallet's connect method: a site not connected yet is
   * answered 4100, and then, as UniSat's own flow does, the connect window opens first and the call follows.
   * Without `connect` (a wallet that refuses such a call), the 4100 is the answer.
   */
  const call = (
    method: string,
    args: readonly unknown[],
    connect?: string,
    failure: (error: ProviderError) => unknown = same,
    result: (value: unknown) => unknown = same,
  ): Promise<unknown> =>
    promise((resolve, reject) => {
      const settle = (response: RpcResponse): void => {
        const failed = failureOf(response);
        if (failed) reject(failure(failed));
        else resolve(result(ownValue(response, 'result')));
      };
      request(method, args, (response) => {
        if (connect === undefined || method === connect || failureOf(response)?.code !== UNISAT_ERROR.UNAUTHORIZED) return settle(response);
        request(connect, [], (connected) => (failureOf(connected) ? settle(connected) : request(method, args, settle)));
      });
    });

  /**
   * Node's EventEmitter calls for one provider object; the relay is told once that this page listens. `accepts`
   * sees each event first (its payload, and the whole event as the wallet sent it). `emit` is the page script's own
   * (UniSat's page raises accountsChanged itself after requestAccounts).
   */
  const emitter = (
    accepts?: (type: string, payload: unknown, event: object) => boolean,
  ): { methods: EmitterMethods; emit(name: string, payload: unknown): void } => {
    const events = eventEmitter(line.listen);
    append(emitters, (type: string, payload: unknown, event: object) => {
      if (!accepts || accepts(type, payload, event)) events.emit(type, [payload]);
    });
    return { methods: events.methods, emit: (name, payload) => void events.emit(name, [payload]) };
  };

  return { call, emitter };
}
