// supportedMethods: answered at once, no window, in the real wallet's shape, listing what this mock implements (docs/reference/leather.md §7).
import { defineMethod } from '../../../core/methods/method.ts';

export const DOCUMENTATION = 'https://leather.gitbook.io/developers/home/welcome';

/** Filled by the method table (index.ts), which knows every method. */
export const implemented: string[] = [];

export const supportedMethods = defineMethod<null>({
  name: 'supportedMethods',
  kind: 'query',
  parse: () => null,
  requestedAccount: () => undefined,
  network: (_params, settings) => settings.network,
  view: () => ({ title: 'Supported methods', fields: [], tables: [] }),
  respond: async () => ({
    result: { documentation: DOCUMENTATION, methods: implemented.map((name) => ({ name, docsUrl: `${DOCUMENTATION}#${name.toLowerCase()}` })) },
  }),
  rejection: { rejected: 'User rejected request', closed: 'User rejected request' },
});
