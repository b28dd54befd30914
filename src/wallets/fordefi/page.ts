// MAIN world, document_start, registered only while the `identities` setting lists 'fordefi': defines
// window.FordefiProviders.UtxoProvider with Xverse's methods (../xverse/rpc-provider.ts) and Fordefi's flag
// isFordefi, the object sats-connect's FordefiAdapter and @stacks/connect look for. Its request() resolves
// in sats-connect's own shape, { status, result } or { status, error }: the adapter hands it to the app as
// is (@sats-connect/core 0.10.0 src/adapters/fordefi.ts), and @stacks/connect reads its result or error.
import { xverseRpcProvider } from '../xverse/rpc-provider.ts';
import { defineUnwritable, freeze, ownValue, promise } from '../../page/runtime.ts';

const { ask, addListener } = xverseRpcProvider('fordefi');

const fordefiRequest = (method: unknown, params?: unknown): Promise<object> =>
  promise<object>((resolve) =>
    ask(method, params, (response) => {
      // The envelope's own fields only: a page may define Object.prototype.error (e2e/reliability/hostile-page.spec.ts).
      const error = ownValue(response, 'error');
      resolve(error !== undefined ? { status: 'error', error } : { status: 'success', result: ownValue(response, 'result') ?? null });
    }),
  );

defineUnwritable('FordefiProviders', freeze({ UtxoProvider: freeze({ request: freeze(fordefiRequest), addListener: freeze(addListener), isFordefi: true }) }));
