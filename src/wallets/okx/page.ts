// MAIN world, document_start, registered only while the `identities` setting lists 'okx': defines
// window.okxwallet with OKX's Bitcoin providers, one per network, each UniSat-shaped with OKX's flag
// isOkxWallet (docs/reference/okx.md §1). window.okxwallet stays extensible, as a multi-chain wallet's is.
import { handshakeOf, helloOf } from '../../shared/messages.ts';
import { connectPort, ownValue } from '../../page/port.ts';
import { defineUnwritable, providerLine } from '../unisat/provider.ts';
import { OKX_METHOD_NAMES, OKX_OBJECTS, type OkxObject } from './objects.ts';

const dispatch = EventTarget.prototype.dispatchEvent;
const CustomEventCtor = CustomEvent;

let receive: (data: object) => void = () => undefined;
const send = connectPort(handshakeOf('okx'), (data) => receive(data));
Reflect.apply(dispatch, document, [new CustomEventCtor(helloOf('okx'))]);
const { call, emitter } = providerLine({ send, onReceive: (r) => (receive = r) });

function provider(object: OkxObject): object {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of OKX_METHOD_NAMES) methods[name] = (...args: unknown[]) => call(`${object}.${name}`, args, `${object}.connect`);
  // An event names its object when its payload is that network's; one naming none is for every object.
  const events = emitter((_type, _payload, event) => {
    const target = ownValue(event, 'target');
    return target === undefined || target === object;
  });
  const built = {
    ...methods,
    isOkxWallet: true,
    disconnect: async (): Promise<undefined> => {
      await call(`${object}.disconnect`, [], `${object}.connect`);
      return undefined;
    },
    getInscriptions: (cursor: unknown = 0, size: unknown = 20) => call(`${object}.getInscriptions`, [cursor, size], `${object}.connect`),
    ...events,
  };
  delete (built as { local?: unknown }).local;
  return built;
}

const okxwallet: Record<string, object> = {};
for (const object of Object.keys(OKX_OBJECTS) as OkxObject[]) okxwallet[object] = provider(object);
defineUnwritable('okxwallet', okxwallet);
