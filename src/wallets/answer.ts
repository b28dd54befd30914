// A request answered as the wallet the page called: the table's lookup (identity → record), then core's one
// call pipeline (core/wallet.ts). What the CLI, the kits' expected values and the tests run.
import type { IdentityName } from '../core/wallet-types.ts';
import type { JsonValue } from '../core/json.ts';
import type { KeyRing } from '../core/keyring.ts';
import type { MethodContext } from '../core/methods/method.ts';
import type { RpcResponse } from '../core/rpc.ts';
import type { Settings } from '../core/settings.ts';
import type { SiteGrant } from '../core/site-grant.ts';
import { type Call, answerCall, prepareCall as resolve } from '../core/wallet.ts';
import { walletFor } from './index.ts';
import type { WalletRecord } from './record.ts';

/** A wallet named by identity (undefined: the contract's provider), or a record itself (a test's own wallet). */
export type CalledWallet = IdentityName | WalletRecord | undefined;

const recordOf = (wallet: CalledWallet): WalletRecord => (typeof wallet === 'object' ? wallet : walletFor(wallet));

/** Resolves a request for the called wallet (core/wallet.ts prepareCall); throws RpcError as that wallet answers. */
export const prepareCall = (
  ring: KeyRing,
  name: string,
  raw: JsonValue | undefined,
  settings: Settings,
  connected?: number,
  wallet?: CalledWallet,
  grant?: SiteGrant,
): Promise<Call> => resolve(ring, recordOf(wallet), name, raw, settings, { ...(connected !== undefined && { connected }), ...(grant && { grant }) });

/** The approved answer, with the delay the page would wait for it (answerCall). */
export const answerAs = (
  ring: KeyRing,
  settings: Settings,
  wallet: CalledWallet,
  request: { id: string; method: string; params: JsonValue | undefined; connected?: number; site?: NonNullable<MethodContext['site']> },
): Promise<{ response: RpcResponse; delayMs: number }> => answerCall(ring, settings, recordOf(wallet), request);

/**
 * The approved answer to a request, as the extension gives it when nothing is broadcast (no broadcast URL):
 * errors come back as the failure envelope, never thrown.
 */
export async function approvedResponse(
  ring: KeyRing,
  settings: Settings,
  id: string,
  method: string,
  params: JsonValue | undefined,
  connected?: number,
  as?: { identity?: CalledWallet; site?: NonNullable<MethodContext['site']> },
): Promise<RpcResponse> {
  const request = { id, method, params, ...(connected !== undefined && { connected }), ...(as?.site && { site: as.site }) };
  return (await answerAs(ring, settings, as?.identity, request)).response;
}
