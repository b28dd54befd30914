// MAIN world, document_start, registered only while the `identities` setting lists 'oyl': defines window.oyl, a
// plain object (Dynamic finds only an object) with Oyl's methods, each taking one argument and resolving with the
// bare result, and on/removeListener for its events (docs/reference/oyl.md §1, §2). A failure rejects with an Error
// named OylConnectError carrying the code. Like every provider here it holds no secret and no control: it talks
// to the wallet through its own relay port, with built-ins kept before any page script runs.
import { handshakeOf, helloOf } from '../../shared/messages.ts';
import { connectPort } from '../../page/port.ts';
import { defineUnwritable, providerLine } from '../unisat/provider.ts';
import { OYL_ERROR_NAME, OYL_METHOD_NAMES, OYL_VOID_METHODS } from './words.ts';

const dispatch = EventTarget.prototype.dispatchEvent;
const CustomEventCtor = CustomEvent;
const ErrorCtor = Error;
const { defineProperty } = Object;
const { apply } = Reflect;
const arrayIncludes = Array.prototype.includes;

let receive: (data: object) => void = () => undefined;
const send = connectPort(handshakeOf('oyl'), (data) => receive(data));
// Ask the relay for this port: it listens in its own world, synchronously, before any page script.
Reflect.apply(dispatch, document, [new CustomEventCtor(helloOf('oyl'))]);
const { call, emitter } = providerLine({ send, onReceive: (r) => (receive = r) });

/** The line's { code, message } as an Error the page can catch and read (own properties, set on a kept constructor). */
function oylError(failure: unknown): Error {
  const { code, message } = (failure ?? {}) as { code?: unknown; message?: unknown };
  const error = new ErrorCtor(typeof message === 'string' ? message : 'Oyl failed');
  defineProperty(error, 'name', { value: OYL_ERROR_NAME, writable: true, configurable: true });
  defineProperty(error, 'code', { value: code, writable: true, enumerable: true, configurable: true });
  return error;
}

const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
for (const name of OYL_METHOD_NAMES) {
  const empty = apply(arrayIncludes, OYL_VOID_METHODS, [name]) === true;
  methods[name] = async (...args: unknown[]): Promise<unknown> => {
    let result: unknown;
    try {
      // No connect-first: a site that has not connected is refused (docs/reference/oyl.md §2.2).
      result = await call(name, args);
    } catch (failure) {
      throw oylError(failure);
    }
    return empty ? undefined : result;
  };
}

const events = emitter();
delete (events as { local?: unknown }).local;
defineUnwritable('oyl', { ...methods, ...events });
