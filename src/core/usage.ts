// The contract's rules for callers (docs/reference/contract.md §1.4, §4.2), checked against the calls an app
// made: each broken rule becomes a finding that says what happened and how to fix it. Pure.
import { isPlainRecord } from './json.ts';
import type { IdentityName, WalletUsageRule } from './wallet-types.ts';

// Where a reader opens the rule a finding cites: the package ships these pages (docs/reference/contract.md).
const CONTRACT = 'mock-wallet-provider/docs/reference/contract.md';
const CALLER_RULES = `${CONTRACT}#14-caller-rules`;
const WHICH_ACCOUNT = `${CONTRACT}#42-which-account-acts`;
const ACCOUNT_NUMBERS = `${CONTRACT}#23-account-numbers-and-reading-entries`;

/** Two connect calls closer than this came from one user action (or none). */
export const REPEATED_CONNECT_MS = 1_000;
/** A signing call this soon after a connect answer was preceded by a connect "just in case". */
export const CONNECT_BEFORE_SIGNING_MS = 2_000;

/** What a method itself notices in a request before it is approved (nothing to sign, a recipient of the other network). */
export const NOTE_RULES = ['nothing-to-sign', 'network-mismatch'] as const;
export type NoteRule = (typeof NOTE_RULES)[number];

/** The contract's rules, which the contract's provider is read against; each wallet adds its own (its record's ruleNames). */
export const CONTRACT_RULES = ['no-user-action', 'repeated-connect', 'connect-before-signing', 'active-account-signing', ...NOTE_RULES] as const;
export type UsageRule = (typeof CONTRACT_RULES)[number] | WalletUsageRule;

/** A method's own finding about one request: the fact, in a person's words; the advice is added here. */
export interface MethodNote {
  rule: NoteRule;
  message: string;
}

export interface UsageFinding {
  rule: UsageRule;
  origin: string;
  /** The JSON-RPC ids of the calls involved, oldest first. */
  callIds: string[];
  /** What happened, and how to fix it, citing the contract. */
  message: string;
}

/** What the rules read of a logged call (the call log's entries have these fields). */
export interface UsageCall {
  id: string;
  origin: string;
  method: string;
  userActivation: boolean;
  /** The frame's last trusted user gesture (epoch ms), if any. */
  gestureAt?: number;
  kind?: 'connect' | 'sign' | 'query';
  activeAccount?: number;
  connectedAccount?: number;
  accountNamed?: boolean;
  /** The account rule in force when the call arrived (signing calls). */
  accountRule?: 'request' | 'site';
  /** The params as the page sent them (read for the shape @stacks/connect gives a request). */
  params?: unknown;
  notes?: MethodNote[];
  /** The real wallet would have opened a window for it (it passed the checks made on arrival). */
  asksApproval?: boolean;
  /** The wallet the page called: the contract's rules apply to the contract's provider only. */
  identity?: IdentityName;
  errorCode?: number;
  outcome: string;
  startedAt: number;
  settledAt?: number;
}

const CONNECT_METHODS = ['getAddresses', 'stx_getAddresses'];
const isConnect = (call: UsageCall): boolean => CONNECT_METHODS.includes(call.method);
const label = (account: number): string => `Account ${account + 1}`;
const seconds = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
/** No user gesture came between `earlier` (epoch ms) and this call: it belongs to the same action (or to none). */
const sameAction = (call: UsageCall, earlier: number): boolean => (call.gestureAt ?? -Infinity) <= earlier;

/** An answer the page received: anything but still waiting or dropped with its page. */
const answered = (call: UsageCall): call is UsageCall & { settledAt: number } =>
  call.settledAt !== undefined && call.outcome !== 'pending' && call.outcome !== 'dropped';

function noUserAction(calls: UsageCall[]): UsageFinding[] {
  return calls
    .filter((c) => isConnect(c) && !c.userActivation)
    .map((c) => ({
      rule: 'no-user-action',
      origin: c.origin,
      callIds: [c.id],
      message:
        `${c.method} was called without a user action (on page load, from a timer or while polling). ` +
        `The contract (${CALLER_RULES}) says to call it once, on an explicit user action such as a Connect button click, ` +
        "and never to test whether the user is still connected: keep the addresses from the first answer in your app's state.",
    }));
}

function repeatedConnect(calls: UsageCall[]): UsageFinding[] {
  const findings: UsageFinding[] = [];
  for (const [origin, list] of connectsByOrigin(calls)) {
    let group: UsageCall[] = [];
    const close = (): void => {
      if (group.length > 1) {
        findings.push({
          rule: 'repeated-connect',
          origin,
          callIds: group.map((c) => c.id),
          message:
            `${group.length} ${group[0]!.method} calls within ${seconds(group.at(-1)!.startedAt - group[0]!.startedAt)} of each other (each opens its own approval window). ` +
            `The contract (${CALLER_RULES}) says to call it once per user action: guard the Connect handler (disable the button while a call is under way) ` +
            `and do not call it again from other components or effects. Calls less than ${REPEATED_CONNECT_MS / 1000} s apart count as one action.`,
        });
      }
      group = [];
    };
    for (const c of list) {
      const previous = group.at(-1);
      // A new click in between is a new action (a test that connects, disconnects and connects again quickly).
      if (previous && (c.startedAt - previous.startedAt >= REPEATED_CONNECT_MS || !sameAction(c, previous.startedAt))) close();
      group.push(c);
    }
    close();
  }
  return findings;
}

/** Each origin's connect calls, in the order given. */
function connectsByOrigin(calls: UsageCall[]): Map<string, UsageCall[]> {
  const byOrigin = new Map<string, UsageCall[]>();
  for (const c of calls) {
    if (!isConnect(c)) continue;
    const list = byOrigin.get(c.origin);
    if (list) list.push(c);
    else byOrigin.set(c.origin, [c]);
  }
  return byOrigin;
}

function connectBeforeSigning(calls: UsageCall[]): UsageFinding[] {
  const findings: UsageFinding[] = [];
  const connects = connectsByOrigin(calls);
  for (const sign of calls.filter((c) => c.kind === 'sign')) {
    const connect = (connects.get(sign.origin) ?? [])
      // A person (or a test) clicking Sign after the connect answered is a new action, however quick.
      .filter(
        (c): c is UsageCall & { settledAt: number } =>
          answered(c) && sign.startedAt >= c.settledAt && sign.startedAt - c.settledAt < CONNECT_BEFORE_SIGNING_MS && sameAction(sign, c.settledAt),
      )
      .at(-1);
    if (!connect) continue;
    findings.push({
      rule: 'connect-before-signing',
      origin: sign.origin,
      callIds: [connect.id, sign.id],
      message:
        `${sign.method} was requested ${seconds(sign.startedAt - connect.settledAt)} after ${connect.method} was answered. ` +
        `The contract (${CALLER_RULES}) says not to call getAddresses immediately before a signing method: use the addresses and account you kept ` +
        `from the connection, and pass them to ${sign.method} (${WHICH_ACCOUNT}). Anything under ${CONNECT_BEFORE_SIGNING_MS / 1000} s counts as immediately.`,
    });
  }
  return findings;
}

/** Leather-style `signPsbt` params as @stacks/connect's request() rewrites them (it drops every other field, `account` included). */
const CONNECT_PSBT_KEYS = ['hex', 'signAtIndex', 'allowedSighash', 'broadcast', 'network', 'descriptor'];
const connectShapedPsbt = (params: unknown): boolean =>
  isPlainRecord(params) && 'hex' in params && Object.keys(params).every((k) => CONNECT_PSBT_KEYS.includes(k));

/** How an app names the acting account for this method, including through @stacks/connect. */
export function namingAdvice(method: string, params: unknown): string {
  if (method === 'signPsbt' && connectShapedPsbt(params)) {
    return (
      "This request has the shape @stacks/connect's request() gives a Leather-style wallet ({ hex, signAtIndex }), which drops `account`. " +
      "Name the account through @stacks/connect with `request({ enableOverrides: false }, 'signPsbt', { psbt, signInputs, account } as MethodParams<'signPsbt'>)`: " +
      'connect then sends the params as written, and the wallet takes that form.'
    );
  }
  if (!method.startsWith('stx_')) {
    return `Pass \`account\` (the account number from the derivation path, ${ACCOUNT_NUMBERS}) with the request; @stacks/connect passes it through unchanged (its types lack it: cast the params).`;
  }
  const untyped = ['stx_signMessage', 'stx_signStructuredMessage', 'stx_signTransaction'].includes(method);
  return (
    'Pass `address` (the STX address from getAddresses) with the request' +
    (untyped
      ? `; @stacks/connect's types have no \`address\` for ${method}, but its request() passes it through: add it and cast the params (e.g. \`{ message, domain, address } as MethodParams<'stx_signStructuredMessage'>\`).`
      : "; @stacks/connect's params for this method have `address`.")
  );
}

function activeAccountSigning(calls: UsageCall[]): UsageFinding[] {
  return calls
    .filter(
      (c) =>
        c.kind === 'sign' &&
        c.accountNamed === false &&
        c.connectedAccount !== undefined &&
        c.activeAccount !== undefined &&
        c.activeAccount !== c.connectedAccount,
    )
    .map((c) => {
      const active = label(c.activeAccount!);
      const connected = label(c.connectedAccount!);
      // Each text says what the wallet does in the rule in force, and no other.
      const what =
        c.accountRule === 'site'
          ? `${c.method} named no account. This wallet acts for ${connected}, the account this site connected with (accountRule 'site', as the real wallet), ` +
            `but a wallet that follows the contract (${WHICH_ACCOUNT}) acts for its active account, here ${active}, which the user did not connect.`
          : `${c.method} named no account while the wallet's active account (${active}) is not the one this site connected with (${connected}): ` +
            `the wallet acts for ${active}, one the user did not connect (${WHICH_ACCOUNT}).`;
      return { rule: 'active-account-signing', origin: c.origin, callIds: [c.id], message: `${what} ${namingAdvice(c.method, c.params)}` };
    });
}

/** What the methods noticed in the requests, with the advice for a request that named no account. */
function methodNotes(calls: UsageCall[]): UsageFinding[] {
  return calls.flatMap((c) =>
    (c.notes ?? []).map((note) => ({
      rule: note.rule,
      origin: c.origin,
      callIds: [c.id],
      message: note.rule === 'nothing-to-sign' && c.accountNamed === false ? `${note.message} ${namingAdvice(c.method, c.params)}` : note.message,
    })),
  );
}

/** The contract's rules, which the contract's provider (Leather's dialect) is read against. */
export function contractRules(calls: readonly UsageCall[]): UsageFinding[] {
  const list = [...calls];
  return [...noUserAction(list), ...repeatedConnect(list), ...connectBeforeSigning(list), ...activeAccountSigning(list), ...methodNotes(list)];
}

/**
 * Every finding in the calls, in the order the offending calls were made: each wallet's calls read
 * against that wallet's rules (`rulesOf`: its record's usageRules; an Xverse read is not a connect).
 */
export function usageFindings(
  calls: readonly UsageCall[],
  rulesOf: (identity: UsageCall['identity']) => (calls: readonly UsageCall[]) => UsageFinding[],
): UsageFinding[] {
  const sorted = [...calls].sort((a, b) => a.startedAt - b.startedAt);
  const byWallet = new Map<UsageCall['identity'], UsageCall[]>();
  for (const call of sorted) {
    const own = byWallet.get(call.identity);
    if (own) own.push(call);
    else byWallet.set(call.identity, [call]);
  }
  const all = [...byWallet].flatMap(([identity, own]) => rulesOf(identity)(own));
  // Looked up, not searched: a long log (thousands of calls) is read for every approval window.
  const position = new Map<string, number>();
  sorted.forEach((c, index) => {
    if (!position.has(c.id)) position.set(c.id, index);
  });
  const firstCall = (f: UsageFinding): number => position.get(f.callIds.at(-1)!) ?? -1;
  return all.sort((a, b) => firstCall(a) - firstCall(b));
}

/** One line per finding, for a failure message or a console. */
export function describeFindings(findings: readonly UsageFinding[]): string {
  return findings.map((f) => `- [${f.rule}] ${f.origin}: ${f.message} (calls ${f.callIds.join(', ')})`).join('\n');
}
