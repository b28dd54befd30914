// One app suite run once per wallet its users have: a Playwright project per wallet, each posing as it.
import type { PlaywrightTestProject } from '@playwright/test';
import type { WalletName } from '../core/choices.ts';
import { WALLETS, exposeAsFor, identitiesFor } from '../wallets/index.ts';
import type { WalletTestFixtures } from './index.ts';

/**
 * Playwright projects, one per wallet: each sets `walletName` (the wallet the run poses as, which tests
 * read), adds it to `identities`, and turns on the other names connectors look for it under (`exposeAs`, its
 * record's: Leather's LeatherProvider). Named by the wallet ('unisat', or '<name>-unisat' when `project`
 * has a name), so the report says which wallet each run was and `--project unisat` runs one.
 */
export function walletProjects(
  names: readonly WalletName[],
  project: PlaywrightTestProject<Partial<WalletTestFixtures>> = {},
): PlaywrightTestProject<Partial<WalletTestFixtures>>[] {
  const unknown = names.filter((name) => !Object.hasOwn(WALLETS, name));
  if (unknown.length > 0)
    throw new Error(
      `walletProjects: ${unknown.map((n) => JSON.stringify(n)).join(', ')} is not a wallet this mock poses as; the wallets are ${Object.keys(WALLETS).join(', ')}`,
    );
  if (new Set(names).size !== names.length) throw new Error(`walletProjects: a wallet is named twice in ${JSON.stringify(names)}`);
  return names.map((walletName) => {
    const identities = identitiesFor(walletName, project.use?.identities ?? []);
    const exposeAs = exposeAsFor(walletName, project.use?.exposeAs ?? []);
    return {
      ...project,
      name: project.name ? `${project.name}-${walletName}` : walletName,
      use: { ...project.use, walletName, identities, ...(exposeAs.length > 0 && { exposeAs }) },
    };
  });
}
