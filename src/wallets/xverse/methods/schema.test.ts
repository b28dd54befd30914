// Every Xverse method's approved result against sats-connect's own result schema (@sats-connect/core, the
// valibot schemas apps are typed with). Where Xverse's code and that schema disagree (docs/reference/xverse.md §8.3,
// docs/reference/xverse.md §8.4), the result follows Xverse's code, and only at those paths may the schema object.
import { test, expect } from '@playwright/test';
import * as sats from 'sats-connect';
import { KeyRing } from '../../../core/keyring.ts';
import { defaultSettings } from '../../settings.ts';
import { grantKey } from '../../../core/site-grant.ts';
import { approvedResponse } from '../../answer.ts';
import { XVERSE_METHODS } from './index.ts';
import { sampleParams } from '../../../../test/sample-params.ts';

interface StandardSchema {
  '~standard': {
    validate(value: unknown): { issues?: readonly { message: string; path?: readonly ({ key: PropertyKey } | PropertyKey)[] }[] } | Promise<unknown>;
  };
}
const schemas = sats as unknown as Record<string, StandardSchema | undefined>;

const ring = new KeyRing();
const settings = defaultSettings();
const site = { origin: 'https://app.example', grant: { accounts: [grantKey('mainnet', 0)], readNetwork: true } };
/** sats-connect's schema name for a method's result: wallet_getAccount → getAccountResultSchema, stx_transferStx → stxTransferStxResultSchema. */
const schemaName = (method: string): string => {
  const bare = method.replace(/^wallet_/, '');
  const camel = bare.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return `${camel}ResultSchema`;
};

/**
 * Where Xverse's code answers otherwise than sats-connect's schema says (docs/reference/xverse.md §3 and §8): §8.3, the
 * Stacks network name is capitalised ('Mainnet'; the schema says 'mainnet'); §3, Xverse sends no `spark`
 * network (the schema of the sats-connect release wants one, and never validates results).
 */
const NETWORK = /^network\.(stacks\.name|spark)$/;
const DOCUMENTED: Record<string, RegExp> = {
  wallet_connect: NETWORK,
  wallet_getAccount: NETWORK,
  wallet_getNetwork: /^(stacks\.name|spark)$/,
  getAddresses: NETWORK,
  stx_getAddresses: NETWORK,
  stx_getAccounts: NETWORK,
  // docs/reference/xverse.md §8.4: wallet_requestPermissions answers wallet_connect's object, not the schema's `true`.
  wallet_requestPermissions: /^$/,
};

for (const method of Object.keys(XVERSE_METHODS)) {
  test(`${method}: the approved result fits sats-connect's ${schemaName(method)}, but where Xverse's code differs`, async () => {
    const schema = schemas[schemaName(method)];
    expect(schema, `sats-connect exports ${schemaName(method)}`).toBeDefined();
    const response = await approvedResponse(ring, settings, 's', method, (await sampleParams('xverse', method)) as never, undefined, {
      identity: 'xverse',
      site,
    });
    if ('error' in response) throw new Error(`${method}: ${JSON.stringify(response.error)}`);
    const outcome = (await schema!['~standard'].validate(response.result)) as {
      issues?: readonly { message: string; path?: readonly { key: PropertyKey }[] }[];
    };
    const paths = (outcome.issues ?? []).map((issue) => (issue.path ?? []).map((p) => String(p.key)).join('.'));
    const allowed = DOCUMENTED[method];
    expect(
      paths.filter((path) => !allowed?.test(path)),
      JSON.stringify(outcome.issues),
    ).toEqual([]);
    if (allowed) expect(paths.length, `${method} still differs from the schema where the spec says`).toBeGreaterThan(0);
  });
}
