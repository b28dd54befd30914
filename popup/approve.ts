// The approval window. A connect request's buttons work from first paint (the request key
// and the account are in the URL); a signing request's once its details are on screen.
// It talks to Chrome directly, without the polyfill: every millisecond here is in every approval.
// A warm window (setting warmWindow) loads before any request: it asks the wallet for one, and
// draws it when one takes the window, its address then carrying the request as a new one's does
// (in Chromium; in Firefox only in its dataset, see waitForRequest).
import { MAX_ACCOUNT, MAX_LISTED_ACCOUNTS, accountLabel } from '../src/core/account-path.ts';
import type { AccountSource, MethodView } from '../src/core/methods/method.ts';
import {
  AGAIN_EVENT,
  TAKEN_EVENT,
  TAKEN_QUERY,
  WARM_PORT,
  WARM_QUERY,
  type WarmPortMessage,
  type PromptDetails,
  type PromptMessage,
  type PromptReply,
  type PromptUrlParams,
} from '../src/shared/messages.ts';
import { watchActiveAccount } from '../src/shared/active-account.ts';
import { APPROVAL_API, type ApprovalWindowApi } from '../src/shared/approval-window.ts';
import { chromeApi } from '../src/shared/chrome-api.ts';

let query = new URLSearchParams(location.search);
const param = (name: keyof PromptUrlParams): string => query.get(name) ?? '';
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/**
 * The window's markup as loaded, before any request drew on it: a warm window given back to the pool is drawn
 * from it again (again()), so nothing of its last request stays on screen.
 */
const PRISTINE = document.querySelector('main')!.cloneNode(true) as HTMLElement;
/**
 * Which request's drawing this is: a warm window given back starts the next one. Work still under way for the
 * last request (an answer arriving, a retry, a close) checks it and stops, so it never draws on the next.
 */
let drawing = 0;

let select = $<HTMLSelectElement>('account');
let buttons = [$<HTMLButtonElement>('approve'), $<HTMLButtonElement>('reject')];
// The request's state: set when the window starts drawing it (start()), as forgetRequest() leaves it before.
let key: string;
let connect: boolean;
/** Stops following the wallet's active account (a connect request follows it). */
let unwatch: () => void;
/** The account that acts: the picker's for a connect request, the request's target otherwise. */
let acting: number;
/** Until the person picks an account here, the window follows the wallet's active account. */
let picked: boolean;
/** The listed accounts (at most 100), plus one beyond them when the wallet's or the person's choice is there. */
let listed: number;
let extra: HTMLOptionElement | undefined;
/** A signing request's details are on screen: only then may it be approved. */
let shown: boolean;
/** No request's state: at load, and once the window is given back (again()). */
function forgetRequest(): void {
  [key, connect, acting, picked, listed, extra, shown] = ['', false, 0, false, 1, undefined, false];
  unwatch = () => undefined;
}
forgetRequest();
function choose(account: number): void {
  if (account >= listed && extra?.value !== String(account)) {
    extra?.remove();
    select.add((extra = new Option(accountLabel(account), String(account))));
  }
  select.value = String(account);
}

/** How long a click waits for the wallet before it says so and lets the person try again. */
const REPLY_TIMEOUT_MS = 8_000;

/**
 * A stopped worker that extension messaging did not restart: a service-worker message
 * event, sent through the registration this page shares with it, starts it the other way.
 */
function nudge(): void {
  void navigator.serviceWorker?.getRegistration().then(
    (registration) => registration?.active?.postMessage('wake'),
    () => undefined,
  );
}

/** A message to the wallet; a stopped or restarting worker becomes a failed reply, never a hang. */
async function send<T>(message: PromptMessage): Promise<PromptReply<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PromptReply<T>>(
    (resolve) =>
      (timer = setTimeout(() => {
        nudge();
        resolve({ ok: false, error: 'The wallet did not answer in time.' });
      }, REPLY_TIMEOUT_MS)),
  );
  try {
    const reply = (await Promise.race([chromeApi.runtime.sendMessage(message), timeout])) as PromptReply<T> | undefined;
    // No listener answered (a worker still starting): a failed reply, asked again like any other.
    return typeof reply?.ok === 'boolean' ? reply : { ok: false, error: 'The wallet gave no answer.' };
  } catch (error) {
    nudge();
    return { ok: false, error: `The wallet could not be reached (${error instanceof Error ? error.message : String(error)}).` };
  } finally {
    clearTimeout(timer);
  }
}

function shorten(address: string): string {
  return address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-8)}` : address;
}

const SOURCES: Record<AccountSource, string> = {
  request: 'the app (its request names this account)',
  active: "the wallet: it is the active account (the app's request names none)",
  site: 'the account this site connected with (accountRule "site", as the real wallet)',
  prompt: 'you, in this window',
};

function renderView(view: MethodView): void {
  $('title').textContent = view.title;
  const fields = $('fields');
  fields.replaceChildren();
  for (const { label, value } of view.fields) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    if (value.length > 40) dd.className = 'long';
    fields.append(dt, dd);
  }
  const tables = $('tables');
  tables.replaceChildren();
  for (const { caption, columns, rows } of view.tables) {
    const table = document.createElement('table');
    table.className = 'details';
    table.createCaption().textContent = caption;
    const head = table.createTHead().insertRow();
    for (const column of columns) head.append(Object.assign(document.createElement('th'), { textContent: column }));
    const body = table.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      for (const cell of row) tr.insertCell().textContent = cell;
    }
    tables.append(table);
  }
}

function renderSigner(details: PromptDetails): void {
  const { target, connectedAccount } = details;
  const signer = $('signer');
  signer.textContent = accountLabel(target.account);
  signer.dataset['account'] = String(target.account);
  signer.dataset['source'] = target.source;
  // Under accountRule 'site' without a connection, a request's own account is not what chose the active one.
  $('source').textContent =
    target.source === 'active' && details.accountNamed
      ? 'the wallet: it is the active account (accountRule "site" does not let a request\'s account or address choose, as the real wallet)'
      : SOURCES[target.source];
  const mismatch = $('mismatch');
  mismatch.hidden = connectedAccount === undefined || connectedAccount === target.account;
  if (connectedAccount !== undefined) {
    mismatch.textContent = `This site connected with ${accountLabel(connectedAccount)}, but ${accountLabel(target.account)} will sign.`;
  }
}

/** The contract's usage rules this request breaks: a person clicking through sees them too. */
function renderFindings(findings: PromptDetails['findings']): void {
  const list = $('findings');
  list.hidden = findings.length === 0;
  list.replaceChildren(
    ...findings.map((f) => {
      const item = document.createElement('li');
      item.dataset['rule'] = f.rule;
      item.append(Object.assign(document.createElement('strong'), { textContent: `${f.rule}: ` }), f.message);
      return item;
    }),
  );
}

async function showDetails(account: number, attempt = 0): Promise<void> {
  const mine = drawing;
  const reply = await send<PromptDetails>({ type: 'prompt/details', key, account });
  if (mine !== drawing) return; // the window went back to the pool meanwhile
  if (!reply.ok) {
    if (reply.gone) return gone(reply.error);
    // A worker Chrome stopped is restarting, or a request failed: keep asking while the window
    // is open (soon at first, then every second), and say why the buttons still wait.
    if (attempt >= 3) $('error').textContent = `${reply.error} Asking the wallet again…`;
    setTimeout(() => void (mine === drawing && showDetails(account, attempt + 1)), attempt < 10 ? 300 : 1000);
    return;
  }
  $('error').textContent = '';
  if (connect && Number(select.value) !== account) return; // the person switched again meanwhile
  for (const kind of ['p2wpkh', 'p2tr', 'stx'] as const) {
    const element = $(kind);
    element.textContent = shorten(reply.value.summary[kind]);
    element.title = reply.value.summary[kind];
  }
  renderView(reply.value.view);
  renderFindings(reply.value.findings);
  if (reply.value.screen) return showScreen(reply.value.screen);
  if (!connect) {
    renderSigner(reply.value);
    acting = reply.value.target.account;
    shown = true;
    enable();
  }
  document.body.dataset['ready'] = 'true';
}

/**
 * The real wallet's error screen instead of the request (an address the account does not have, a PSBT it
 * cannot sign): its title and words, and one button, Close, whose answer is the wallet's for that screen.
 */
function showScreen(screen: NonNullable<PromptDetails['screen']>): void {
  $('screen-title').textContent = screen.title;
  $('screen-text').textContent = screen.text;
  $('screen').hidden = false;
  for (const id of ['sign', 'fields', 'tables']) $(id).hidden = true;
  $('approve').hidden = true;
  $('reject').textContent = 'Close';
  $<HTMLButtonElement>('reject').disabled = false;
  document.body.dataset['ready'] = 'true';
}

/** Reject always works; Approve once the person can see what they approve. */
function enable(): void {
  $<HTMLButtonElement>('reject').disabled = false;
  $<HTMLButtonElement>('approve').disabled = !(connect || shown);
}

function fail(message: string): void {
  $('error').textContent = message;
  for (const button of buttons) button.disabled = true;
}

/** The request was answered or withdrawn elsewhere: say so, then close. */
function gone(message: string): void {
  fail(message);
  const mine = drawing;
  // Unless the wallet gave the window back to its pool meanwhile: then it waits for the next request.
  setTimeout(() => mine === drawing && window.close(), 1500);
}

async function decide(message: PromptMessage): Promise<void> {
  for (const button of buttons) button.disabled = true;
  $('error').textContent = '';
  const mine = drawing;
  const reply = await send<null>(message);
  // The wallet closes the window, or gives it back to its warm pool (drawn from PRISTINE again).
  if (reply.ok || mine !== drawing) return;
  if (reply.gone) return gone(reply.error);
  // The wallet was stopped or failed mid-click: nothing was decided, so the person can try again.
  $('error').textContent = `${reply.error} Try again.`;
  enable();
}

/** The controls' listeners, on the markup drawn now (at load, and again once the window is given back). */
function bind(): void {
  select = $<HTMLSelectElement>('account');
  buttons = [$<HTMLButtonElement>('approve'), $<HTMLButtonElement>('reject')];
  select.addEventListener('change', () => {
    picked = true;
    acting = Number(select.value);
    void showDetails(acting);
  });
  $('other-account').addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    const account = Number(input.value);
    if (input.value.trim() === '' || !Number.isInteger(account) || account < 0 || account > MAX_ACCOUNT) {
      $('error').textContent = `An account number is a whole number from 0 to ${MAX_ACCOUNT}.`;
      return;
    }
    $('error').textContent = '';
    picked = true;
    choose(account);
    acting = account;
    void showDetails(acting);
  });
  // Not picked here: the wallet approves with its active account at that moment, as the kit's approve(id) does.
  $('approve').addEventListener('click', () => void decide({ type: 'prompt/approve', key, ...(connect && picked && { account: acting }) }));
  $('reject').addEventListener('click', () => void decide({ type: 'prompt/reject', key }));
}
bind();

/** Draws the request the window's address names. */
function start(): void {
  key = param('key');
  connect = param('kind') === 'connect';
  acting = Number(param('account'));
  $('origin').textContent = param('origin');
  $('method').textContent = param('method');
  $('network').textContent = param('network');
  $('title').textContent = connect ? 'Connect request' : 'Signature request';
  $(connect ? 'connect' : 'sign').hidden = false;
  // Any account number costs the same as account 0.
  listed = Math.min(Math.max(Number(param('accountCount')) || 1, 1), MAX_LISTED_ACCOUNTS);
  if (connect) {
    for (let account = 0; account < listed; account++) select.add(new Option(accountLabel(account), String(account)));
    choose(acting);
    unwatch = watchActiveAccount((account) => {
      if (picked) return;
      choose(account);
      acting = account;
      void showDetails(acting);
    });
  }
  // Clicks have somewhere to go now: a connect request can be answered, any request rejected.
  enable();
  void showDetails(acting);
}

/**
 * A warm window: waits on a port for its request. The port drops when the worker stops; the
 * window connects again (which starts the worker) until a request takes it.
 */
function waitForRequest(): void {
  $('title').textContent = 'Waiting for a request';
  const port = chromeApi.runtime.connect({ name: WARM_PORT });
  let done = false;
  port.onMessage.addListener((received: unknown) => {
    const message = received as WarmPortMessage;
    if ('again' in message) {
      // The request is over and the window back in the pool: drawn as loaded, it waits for the next.
      port.disconnect();
      again();
      return waitForRequest();
    }
    done = true;
    if ('gone' in message) {
      port.disconnect();
      return window.close(); // no longer the warm window
    }
    // The port stays open while the request is drawn: the wallet sends `again` down it when it gives the window back.
    query = new URLSearchParams(message.query);
    // The address now names the request, as a window opened for it would: Playwright's kit reads it
    // in Chromium. Not in Firefox: a script's result there reached the Puppeteer kit about 45 ms
    // late after a history update (measured 2026-11-26, Firefox 153); that kit reads the query from
    // the dataset instead. The wait was the kit's delayed TCP acknowledgement (src/puppeteer/acks.ts),
    // about 5 ms since that fix, so this difference could go.
    if (location.protocol !== 'moz-extension:') history.replaceState(null, '', `?${message.query}`);
    document.documentElement.dataset[TAKEN_QUERY] = message.query;
    start();
    dispatchEvent(new Event(TAKEN_EVENT));
  });
  port.onDisconnect.addListener(() => {
    if (done) return;
    nudge();
    setTimeout(waitForRequest, 50);
  });
}

/** A warm window given back to the pool: its last request's drawing, listeners and pending work dropped. */
function again(): void {
  drawing++;
  unwatch();
  forgetRequest();
  document.querySelector('main')!.replaceWith(PRISTINE.cloneNode(true));
  delete document.body.dataset['ready'];
  delete document.documentElement.dataset[TAKEN_QUERY];
  if (location.protocol !== 'moz-extension:') history.replaceState(null, '', `?${WARM_QUERY}`);
  query = new URLSearchParams(`?${WARM_QUERY}`);
  bind();
  scrollTo(0, 0);
  // A kit call still waiting here for the last request ends now (src/kit/prompt.ts).
  dispatchEvent(new Event(AGAIN_EVENT));
}

if (location.search === `?${WARM_QUERY}`) waitForRequest();
else start();

/** Resolves once the request's details are on screen (body[data-ready]), or rejects after `timeout` ms. */
function whenReady(timeout: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeout;
    const check = (): void => {
      if (document.body.dataset['ready'] === 'true') resolve();
      else if (Date.now() > deadline) reject(new Error(`the window never showed its details within ${timeout / 1000} s`));
      else setTimeout(check, 10);
    };
    check();
  });
}

const signing = (): boolean => !$('sign').hidden;
const text = (id: string): string => $(id).textContent ?? '';

/** What the kits read and press here (src/shared/approval-window.ts): one typed contract, on one global. */
const api: ApprovalWindowApi = {
  buttonProblem(button, focus, timeout) {
    const element = $<HTMLButtonElement>(button);
    return new Promise((resolve) => {
      const done = (): boolean => {
        // The wallet's error screen instead of the request: it can only be closed.
        if (button === 'approve' && !$('screen').hidden) {
          resolve(
            `it shows the wallet error screen "${text('screen-title')}": ${text('screen-text')} (it can only be closed: rejectNext presses its Close button)`,
          );
          return true;
        }
        if (element.disabled) return false;
        if (focus) element.focus();
        resolve('');
        return true;
      };
      if (done()) return;
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        clearTimeout(timer);
      });
      observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['disabled', 'hidden'] });
      const timer = setTimeout(() => {
        observer.disconnect();
        resolve(`${button} stayed disabled for ${Math.round(timeout / 1000)} s: ${text('error') || 'the window never showed its details'}`);
      }, timeout);
    });
  },
  async details(readyTimeout) {
    await whenReady(readyTimeout);
    const signer = $('signer');
    const notice = $('mismatch');
    const fields: Record<string, string> = {};
    for (const dt of $('fields').querySelectorAll('dt')) fields[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
    const tables: PromptDetailsRead['tables'] = {};
    for (const table of $('tables').querySelectorAll('table')) {
      const columns = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent ?? '');
      tables[table.caption?.textContent ?? ''] = [...(table.tBodies[0]?.rows ?? [])].map((row) =>
        Object.fromEntries([...row.cells].map((cell, i) => [columns[i] ?? '', cell.textContent ?? ''])),
      );
    }
    return {
      title: text('title'),
      method: text('method'),
      origin: text('origin'),
      network: text('network'),
      account: signing() ? Number(signer.dataset['account']) : Number(select.value),
      accountSource: signing() ? (signer.dataset['source'] as AccountSource) : 'active',
      chosenBy: signing() ? text('source') : '',
      ...(!notice.hidden && { notice: notice.textContent ?? '' }),
      findings: [...$('findings').querySelectorAll('li')].map((li) => ({ rule: li.dataset['rule'] ?? '', message: li.lastChild?.textContent ?? '' })),
      fields,
      tables,
      ...(!$('screen').hidden && { screen: { title: text('screen-title'), text: text('screen-text') } }),
    };
  },
  async account(readyTimeout) {
    await whenReady(readyTimeout);
    return signing() ? Number($('signer').dataset['account']) : Number(select.value);
  },
  addresses(timeout) {
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + timeout;
      const check = (): void => {
        // The window gives each address its full form in its title once it has derived them.
        const [p2wpkh, p2tr, stx] = (['p2wpkh', 'p2tr', 'stx'] as const).map((id) => $(id).title);
        if (p2wpkh && p2tr && stx) resolve({ p2wpkh, p2tr, stx });
        else if (Date.now() > deadline) reject(new Error(`its addresses did not show within ${timeout / 1000} s`));
        else setTimeout(check, 10);
      };
      check();
    });
  },
  selectAccount(account) {
    const listedHere = [...select.options].some((option) => option.value === String(account));
    const field = listedHere ? select : $<HTMLInputElement>('other-account');
    field.value = String(account);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  },
  error: () => text('error'),
};
type PromptDetailsRead = Awaited<ReturnType<ApprovalWindowApi['details']>>;
(globalThis as unknown as Record<string, ApprovalWindowApi>)[APPROVAL_API] = api;
