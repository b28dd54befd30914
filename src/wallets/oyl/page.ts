// MAIN world, document_start, registered only while the `identities` setting lists 'oyl': defines window.oyl, a
// plain object (Dynamic finds only an object) with Oyl's methods, each taking one argument and resolving with the
// bare result, and on/removeListener for its events (docs/reference/oyl.md §1, §2). A failure rejects with an Error
// named OylConnectError carrying the code. Like every provider here it holds no secret and no control: it talks
// to the wallet through its own relay line.
import { defineUnwritable, pageError } from '../../page/runtime.ts';
import { nothing, type ProviderError, providerLine } from '../unisat/provider.ts';
import { OYL_ERROR_NAME, OYL_METHOD_NAMES, OYL_VOID_METHODS } from './words.ts';

const { call, emitter } = providerLine('oyl');

/** The line's { code, message } as an Error the page can catch and read, named as Oyl's (docs/reference/oyl.md §2.3). */
const oylError = ({ code, message }: ProviderError): Error => pageError(typeof message === 'string' ? message : 'Oyl failed', code, OYL_ERROR_NAME);

const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
for (const name of OYL_METHOD_NAMES) {
  const result = OYL_VOID_METHODS.includes(name) ? nothing : undefined;
  // No connect-first: a site that has not connected is refused (docs/reference/oyl.md §2.2).
  methods[name] = (...args: unknown[]): Promise<unknown> => call(name, args, undefined, oylError, result);
}

defineUnwritable('oyl', { ...methods, ...emitter().methods });
