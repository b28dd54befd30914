// MAIN world, document_start, registered only while the `identities` setting lists 'okx': defines
// window.okxwallet with OKX's Bitcoin providers, one per network, each UniSat-shaped with OKX's flag
// isOkxWallet (docs/reference/okx.md §1). window.okxwallet stays extensible, as a multi-chain wallet's is.
import { defineUnwritable, ownValue } from '../../page/runtime.ts';
import { nothing, providerLine } from '../unisat/provider.ts';
import { OKX_METHOD_NAMES, OKX_OBJECTS, type OkxObject } from './objects.ts';

const { call, emitter } = providerLine('okx');

function provider(object: OkxObject): object {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of OKX_METHOD_NAMES) methods[name] = (...args: unknown[]) => call(`${object}.${name}`, args, `${object}.connect`);
  // An event names its object when its payload is that network's; one naming none is for every object.
  const events = emitter((_type, _payload, event) => {
    const target = ownValue(event, 'target');
    return target === undefined || target === object;
  });
  return {
    ...methods,
    isOkxWallet: true,
    disconnect: (): Promise<unknown> => call(`${object}.disconnect`, [], `${object}.connect`, undefined, nothing),
    getInscriptions: (cursor: unknown = 0, size: unknown = 20) => call(`${object}.getInscriptions`, [cursor, size], `${object}.connect`),
    ...events.methods,
  };
}

const okxwallet: Record<string, object> = {};
for (const object of Object.keys(OKX_OBJECTS) as OkxObject[]) okxwallet[object] = provider(object);
defineUnwritable('okxwallet', okxwallet);
