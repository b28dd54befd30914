// The usage rules on hand-made call logs: each rule fires for the careless pattern and stays
// quiet for the careful one, at the documented thresholds.
import { walletFor } from '../wallets/index.ts';
import { test, expect } from '@playwright/test';
import { CONNECT_BEFORE_SIGNING_MS, REPEATED_CONNECT_MS, namingAdvice, usageFindings, type UsageCall } from './usage.ts';

const ORIGIN = 'http://app.test';
let n = 0;
function call(method: string, at: number, extra: Partial<UsageCall> = {}): UsageCall {
  const sign = !['getAddresses', 'stx_getAddresses', 'supportedMethods'].includes(method);
  return {
    id: `c${++n}`,
    origin: ORIGIN,
    method,
    userActivation: true,
    gestureAt: at - 10,
    kind: sign ? 'sign' : method === 'supportedMethods' ? 'query' : 'connect',
    outcome: 'approved',
    startedAt: at,
    settledAt: at + 300,
    ...(sign && { accountNamed: true, activeAccount: 0, connectedAccount: 0 }),
    ...extra,
  };
}
const rulesOf = (identity: UsageCall['identity']) => walletFor(identity).usageRules;
const rules = (calls: UsageCall[]) => usageFindings(calls, rulesOf).map((f) => [f.rule, f.callIds]);

test('no-user-action: a connect without user activation, for both connect methods; a clicked one is fine', () => {
  const onLoad = call('getAddresses', 1000, { userActivation: false, gestureAt: undefined });
  const stx = call('stx_getAddresses', 9000, { userActivation: false });
  expect(rules([onLoad, stx])).toEqual([
    ['no-user-action', [onLoad.id]],
    ['no-user-action', [stx.id]],
  ]);
  expect(rules([call('getAddresses', 1000)])).toEqual([]);
  // Queries and signing calls are not connects.
  expect(rules([call('supportedMethods', 1000, { userActivation: false })])).toEqual([]);
  const [finding] = usageFindings([onLoad], rulesOf);
  expect(finding).toMatchObject({ origin: ORIGIN, message: expect.stringContaining('contract.md#14-caller-rules') });
});

test(`repeated-connect: connects less than ${REPEATED_CONNECT_MS} ms apart in one action; a new click or a second later is a new action`, () => {
  const a = call('getAddresses', 10_000);
  const b = call('getAddresses', 10_000 + REPEATED_CONNECT_MS - 1, { gestureAt: a.gestureAt! });
  const c = call('getAddresses', 10_000 + REPEATED_CONNECT_MS + 500, { gestureAt: a.gestureAt! });
  expect(rules([a, b, c])).toEqual([['repeated-connect', [a.id, b.id, c.id]]]); // a chain of close calls is one finding
  expect(rules([a, call('getAddresses', 10_000 + REPEATED_CONNECT_MS, { gestureAt: a.gestureAt! })])).toEqual([]);
  expect(rules([a, call('getAddresses', 10_200)])).toEqual([]); // clicked again (gesture after the first call)
  expect(rules([a, call('getAddresses', 10_200, { origin: 'http://other.test', gestureAt: a.gestureAt! })])).toEqual([]);
});

test(`connect-before-signing: a sign less than ${CONNECT_BEFORE_SIGNING_MS} ms after a connect answered, in the same action`, () => {
  const connect = call('getAddresses', 20_000); // answered at 20 300
  const sign = call('signPsbt', 20_300 + CONNECT_BEFORE_SIGNING_MS - 1, { gestureAt: connect.gestureAt! });
  expect(rules([connect, sign])).toEqual([['connect-before-signing', [connect.id, sign.id]]]);
  expect(rules([connect, call('signPsbt', 20_300 + CONNECT_BEFORE_SIGNING_MS, { gestureAt: connect.gestureAt! })])).toEqual([]);
  // The person clicked Sign after the connect answered: a new action, however quick.
  expect(rules([connect, call('stx_transferStx', 20_400)])).toEqual([]);
  // A connect still waiting, or dropped, was never answered.
  expect(rules([{ ...connect, outcome: 'pending', settledAt: undefined } as UsageCall, call('signPsbt', 20_500, { gestureAt: connect.gestureAt! })])).toEqual(
    [],
  );
});

test('active-account-signing: a sign naming no account while the active account is not the connected one', () => {
  const careless = call('signMessage', 30_000, { accountNamed: false, activeAccount: 2, connectedAccount: 0 });
  expect(rules([careless])).toEqual([['active-account-signing', [careless.id]]]);
  expect(usageFindings([careless], rulesOf)[0]!.message).toMatch(/Account 3.*Account 1.*contract\.md#42-which-account-acts.*`account`/);
  const stacks = call('stx_transferStx', 30_000, { accountNamed: false, activeAccount: 2, connectedAccount: 0 });
  expect(usageFindings([stacks], rulesOf)[0]!.message).toContain('`address`');
  expect(rules([call('signMessage', 30_000, { accountNamed: true, activeAccount: 2, connectedAccount: 0 })])).toEqual([]);
  expect(rules([call('signMessage', 30_000, { accountNamed: false, activeAccount: 0, connectedAccount: 0 })])).toEqual([]);
  expect(rules([call('signMessage', 30_000, { accountNamed: false, activeAccount: 2, connectedAccount: undefined })])).toEqual([]);
});

test('active-account-signing is written for the rule in force: the request rule names the active account as acting, the site rule the connected one', () => {
  const request = usageFindings(
    [call('signMessage', 30_000, { accountNamed: false, activeAccount: 2, connectedAccount: 0, accountRule: 'request' })],
    rulesOf,
  )[0]!.message;
  expect(request).toMatch(/the wallet acts for Account 3, one the user did not connect/);
  expect(request).not.toMatch(/accountRule 'site'/);
  const site = usageFindings([call('signMessage', 30_000, { accountNamed: false, activeAccount: 2, connectedAccount: 0, accountRule: 'site' })], rulesOf)[0]!
    .message;
  expect(site).toMatch(/This wallet acts for Account 1, the account this site connected with \(accountRule 'site', as the real wallet\)/);
  expect(site).not.toMatch(/the wallet acts for Account 3/);
});

test("the advice names @stacks/connect's own way for the request shapes it produces", () => {
  // connect's request() rewrites signPsbt for a Leather-style wallet to exactly these keys, dropping `account`.
  expect(namingAdvice('signPsbt', { hex: 'aa', signAtIndex: [0], network: 'mainnet' })).toMatch(/enableOverrides: false/);
  expect(namingAdvice('signPsbt', { psbt: 'AA==', signInputs: [0] })).not.toMatch(/enableOverrides/);
  expect(namingAdvice('signPsbt', { hex: 'aa', appData: 1 })).not.toMatch(/enableOverrides/);
  expect(namingAdvice('stx_signStructuredMessage', { message: '0c', domain: '0c' })).toMatch(/types have no `address` for stx_signStructuredMessage/);
  expect(namingAdvice('stx_transferStx', {})).toMatch(/params for this method have `address`/);
  expect(namingAdvice('sendTransfer', {})).toMatch(/Pass `account`/);
});

test("a method's notes become findings; nothing-to-sign adds the advice only when no account was named", () => {
  const note = { rule: 'nothing-to-sign' as const, message: 'Account 3 owns none of the inputs this site asked to sign (every input): …' };
  const unnamed = call('signPsbt', 30_000, { accountNamed: false, params: { hex: 'aa', signAtIndex: [0] }, notes: [note] });
  const named = call('signPsbt', 40_000, { accountNamed: true, notes: [note] });
  const mismatch = call('stx_transferStx', 50_000, { notes: [{ rule: 'network-mismatch', message: 'recipient SP… is a mainnet address' }] });
  const findings = usageFindings([unnamed, named, mismatch], rulesOf);
  expect(findings.map((f) => [f.rule, f.callIds])).toEqual([
    ['nothing-to-sign', [unnamed.id]],
    ['nothing-to-sign', [named.id]],
    ['network-mismatch', [mismatch.id]],
  ]);
  expect(findings[0]!.message).toMatch(/^Account 3 owns none.*enableOverrides: false/);
  expect(findings[1]!.message).toBe(note.message);
});

test("unisat-one-approval: a UniSat call that asks for a window while UniSat's window for another is open replaces that one", () => {
  const unisat = (method: string, at: number, extra: Partial<UsageCall> = {}) => call(method, at, { identity: 'unisat', asksApproval: true, ...extra });
  // Three switch-backs at once (as LaserEyes sends them): the second replaces the first, the third the second.
  const [a, b, c] = [unisat('switchChain', 1000), unisat('switchChain', 1010), unisat('switchChain', 1020)];
  expect(rules([a, b, c])).toEqual([
    ['unisat-one-approval', [a.id, b.id]],
    ['unisat-one-approval', [b.id, c.id]],
  ]);
  // One after the other's answer, a call answered at once (no window), and another wallet's window: nothing.
  const first = unisat('signMessage', 5000, { settledAt: 5300 });
  const after = unisat('signPsbt', 5300);
  const read = unisat('getAccounts', 5310, { asksApproval: undefined });
  const okx = call('signMessage', 5320, { identity: 'okx', asksApproval: true });
  expect(rules([first, after, read, okx])).toEqual([]);
  // A window still waiting (never settled) is open; the one it replaced no longer counts once the newer is answered.
  const waiting = unisat('signMessage', 9000, { outcome: 'pending', settledAt: undefined });
  const other = unisat('requestAccounts', 9500, { origin: 'http://other.test', settledAt: 9600 });
  const later = unisat('signMessage', 9700);
  const findings = usageFindings([waiting, other, later], rulesOf);
  expect(findings.map((f) => [f.rule, f.callIds])).toEqual([['unisat-one-approval', [waiting.id, other.id]]]);
  expect(findings[0]!.message).toMatch(
    /^requestAccounts came while UniSat's window for signMessage from http:\/\/app\.test was still open\. .* signMessage would never have been answered/,
  );
  expect(findings[0]!.origin).toBe('http://other.test');
});
