// getInfo (Xverse): answered at once, no window, no permission: sats-connect asks it before any other call (docs/reference/xverse.md §1.3).
import { defineMethod } from '../../../core/methods/method.ts';
import { XVERSE_PROVIDER_INFO } from '../provider-info.ts';
import { noParams, xverseMethod } from './dialect.ts';

/** The version the public Xverse code reports (0.54.2): the newest whose code can be read. */
export const XVERSE_VERSION = XVERSE_PROVIDER_INFO.version;

/** Filled by the Xverse method table (index.ts): only what this mock answers, so feature detection is truthful. */
export const xverseImplemented: string[] = [];

export const getInfo = xverseMethod(
  defineMethod<null>({
    name: 'getInfo',
    kind: 'query',
    parse: (raw) => noParams('getInfo', raw),
    requestedAccount: () => undefined,
    network: (_params, settings) => settings.network,
    view: () => ({ title: 'Wallet info', fields: [], tables: [] }),
    respond: async () => ({ result: { version: XVERSE_VERSION, methods: [...xverseImplemented], supports: [] } }),
    rejection: { rejected: 'User rejected the request.', closed: 'User closed the wallet popup.' },
  }),
);
