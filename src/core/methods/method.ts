// What every wallet method is: params → the account that acts → what the window shows → the result.
import type { HDKey } from '@scure/bip32';
import type { JsonValue } from '../json.ts';
import type { AccountKeys, AccountSecrets } from '../keys.ts';
import type { NetworkName } from '../networks.ts';
import type { Settings, SettingsPatch } from '../settings.ts';
import type { MethodKind } from '../choices.ts';
import type { SiteGrant } from '../site-grant.ts';
import type { MethodNote } from '../usage.ts';
import type { ChainReader } from '../bitcoin/coins.ts';
import type { StacksFeeRule } from '../stacks/fees.ts';

/**
 * Who picked the account that acts. request: the app (`account` / `address`);
 * active: nobody, so the wallet's active account; site: the account the origin
 * connected with (accountRule 'site'); prompt: the person, in the window.
 */
export type AccountSource = 'request' | 'active' | 'site' | 'prompt';

export interface Target {
  account: number;
  source: AccountSource;
  network: NetworkName;
}

/** What the approval window shows for a method, in a person's terms. */
export interface MethodView {
  title: string;
  fields: { label: string; value: string }[];
  tables: { caption: string; columns: string[]; rows: string[][] }[];
}

/** What a method's notes read: the acting account's public keys, never its private ones. */
export interface NoteContext {
  target: Target;
  keys: AccountKeys;
}

export interface MethodContext {
  settings: Settings;
  target: Target;
  /** Public keys of the acting account on the target network. */
  keys: AccountKeys;
  /** Its private keys, derived on demand and never kept. */
  secrets(): Promise<AccountSecrets>;
  /** The next Stacks nonce of the acting account: the node's, else the wallet's own counter. */
  stacksNonce: number;
  /** The acting account's µSTX on the Stacks node the settings name, read for a window; undefined without a node. */
  stacksBalance?: bigint;
  /** The node's low, middle and high fee estimates for a transaction (core/stacks/fees.ts); absent without a node. */
  stacksEstimates?(payloadHex: string, estimatedLength: number): Promise<bigint[] | undefined>;
  /** How the called wallet picks a fee from those estimates (Leather's unless its record says otherwise). */
  stacksFeeRule: StacksFeeRule;
  /** The wallet's BIP-32 root, for a method whose wallet derives at other paths (Xverse's); never kept. */
  root(): Promise<HDKey>;
  /**
   * The Bitcoin chain as this request reads it: the coins, fee rates and transactions of the chain the
   * settings name (the worker's remembers each read for the request: what the window shows is what is
   * signed), else the synthetic funding (core/bitcoin/coins.ts).
   */
  bitcoin: ChainReader;
  /** The calling site and what it was granted: read by methods whose wallet keeps per-site permissions. */
  site?: { origin: string; grant?: SiteGrant };
}

/** A signed transaction the wallet would hand to a node. */
export interface SignedTransaction {
  chain: 'bitcoin' | 'stacks';
  hex: string;
  /** Bitcoin: display-order txid; Stacks: tx.txid(), '' for a sponsored transaction. */
  txid: string;
  /** False for a sponsored Stacks transaction: the sponsor sends it, not the wallet. */
  send: boolean;
  /** Stacks: the origin nonce it was signed with. */
  nonce?: number;
  /**
   * The error the page gets when the node refuses it, as the real wallet answers; the
   * node's own words go in error.data.reason, and also in the message when reasonInMessage.
   */
  failure: { code: number; message: string; reasonInMessage: boolean };
}

/**
 * What the real wallet's window shows instead of the request when it cannot go on (Xverse's error
 * screens): a title, its words, and only a Close button, whose answer is `onClose`. Closing the window
 * itself answers the method's `rejection.closed`, as any window does.
 */
export interface ErrorScreen {
  title: string;
  text: string;
  onClose: { code: number; message: string };
}

export interface MethodOutcome {
  /** The JSON-RPC result: an object of JSON values (Xverse also answers null, a bare string or an array; a wallet's isConnected a boolean). */
  result: object | string | boolean | null;
  /** Present when the request asks for the transaction to be broadcast. */
  transaction?: SignedTransaction;
  /** What the calling site may read from now on; null takes every permission back (a disconnect). */
  grant?: SiteGrant | null;
  /** A change to the wallet the approval makes (switching network). */
  settings?: SettingsPatch;
}

export interface WalletMethod<P> {
  name: string;
  /**
   * A permission the site must hold before anything else is checked (Xverse: 'account' read of
   * the active account, 'network' read; UniSat: 'site', any grant, its connection): otherwise
   * the wallet record's accessDenied error.
   */
  gate?: 'account' | 'network' | 'site';
  /** Answered at once, with no window, when this holds (Xverse's wallet_connect of a connected site). */
  answersAtOnce?(params: P, site: { grant?: SiteGrant }, settings: Settings): boolean;
  /**
   * Refuses a request that cannot be approved, when it arrives (an address the acting account does
   * not have): the page is answered at once and no window opens. Throws RpcError.
   */
  precheck?(params: P, context: MethodContext): Promise<void>;
  /**
   * The real wallet's error screen for this request, found when it arrives: its window shows the
   * screen (it can only be closed), and approving is refused. Undefined: the request's own window.
   */
  errorScreen?(params: P, context: MethodContext): Promise<ErrorScreen | undefined>;
  /**
   * connect: a window where the person picks the account; sign: a window, and the target
   * account acts; query: answered at once, with no window and no approval policy.
   */
  kind: MethodKind;
  /** Validates the page's params; throws RpcError -32602 naming the field. */
  parse(params: JsonValue | undefined, settings: Settings): P;
  /** The account the app asked for, if any: Bitcoin's `account` number, or Stacks' STX `address`. */
  requestedAccount(params: P): number | string | undefined;
  network(params: P, settings: Settings): NetworkName;
  /** Async where it reads the chain (a transfer's coins and fee). */
  view(params: P, context: MethodContext): MethodView | Promise<MethodView>;
  respond(params: P, context: MethodContext): Promise<MethodOutcome>;
  /** The real wallet's messages when the person rejects or closes the window. */
  rejection: { rejected: string; closed: string };
  /** Builds a Stacks transaction: its context needs the account's next nonce (from the node, when one is set). */
  usesStacksNonce?: true;
  /** The nonce the request itself names, if any: then the wallet reserves none of its own. */
  requestedNonce?(params: P): bigint | undefined;
  /** The real wallet (accountRule 'site') ignores `account: 0` for this method: a truthiness test. */
  ignoresAccountZero?: boolean;
  /** Names of parameters the request carried and this method ignored (the call log lists them). */
  ignored?(params: P): readonly string[];
  /**
   * What the person and the test should know before approving, found from the acting account's
   * public keys when the request arrives (nothing to sign, a recipient of the other network):
   * each becomes a usage finding, shown in the window too.
   */
  notes?(params: P, context: NoteContext): MethodNote[];
}

/** Any method, as the table holds it: its params type is its own business. */
export type AnyMethod = WalletMethod<unknown>;

/** Keeps the params type: a method that wraps another (Xverse's over Leather's) reads it; the table holds any (method members are bivariant). */
export const defineMethod = <P>(method: WalletMethod<P>): WalletMethod<P> => method;

/**
 * A method of a wallet whose requests name no account (the active one acts), on the wallet's network unless the
 * method says otherwise, its window saying which wallet the app called ("Sign message — via <wallet>"), and one
 * answer for Reject and for a closed window, `rejected`.
 */
export function activeAccountMethod<P>(
  wallet: string,
  rejected: string,
  method: Omit<WalletMethod<P>, 'requestedAccount' | 'rejection' | 'network'> & Partial<Pick<WalletMethod<P>, 'network'>>,
): AnyMethod {
  const wrapped: WalletMethod<P> = {
    network: (_params, settings) => settings.network,
    ...method,
    requestedAccount: () => undefined,
    view: async (params, context) => {
      const view = await method.view(params, context);
      return { ...view, title: `${view.title} — via ${wallet}` };
    },
    rejection: { rejected, closed: rejected },
  };
  return wrapped as unknown as AnyMethod;
}

/** A read such a wallet answers at once, with no window; `gate: 'site'` when the site must be connected first. */
export function activeAccountQuery<P>(
  wallet: string,
  rejected: string,
  name: string,
  gate: 'site' | undefined,
  parse: (raw: JsonValue | undefined, settings: Settings) => P,
  respond: WalletMethod<P>['respond'],
): AnyMethod {
  return activeAccountMethod<P>(wallet, rejected, {
    name,
    kind: 'query',
    ...(gate && { gate }),
    parse,
    view: () => ({ title: name, fields: [], tables: [] }),
    respond,
  });
}

/** The real wallet's rejection message for most methods (docs/reference/leather.md §4). */
export const USER_REJECTED = 'User rejected request';
