// The approval window. A connect request's buttons work from first paint (the request key
// and the account are in the URL); a signing request's once its details are on screen.
import browser from 'webextension-polyfill';
import { accountLabel } from '../src/core/account-path.ts';
import type { AccountSource, MethodView } from '../src/core/methods/method.ts';
import type { PromptDetails, PromptMessage, PromptReply, PromptUrlParams } from '../src/shared/messages.ts';

const query = new URLSearchParams(location.search);
const param = (name: keyof PromptUrlParams): string => query.get(name) ?? '';
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const key = param('key');
const connect = param('kind') === 'connect';
const select = $<HTMLSelectElement>('account');
const buttons = [$<HTMLButtonElement>('approve'), $<HTMLButtonElement>('reject')];
/** The account that acts: the picker's for a connect request, the request's target otherwise. */
let acting = Number(param('account'));

$('origin').textContent = param('origin');
$('method').textContent = param('method');
$('network').textContent = param('network');
$('title').textContent = connect ? 'Connect request' : 'Signature request';
$(connect ? 'connect' : 'sign').hidden = false;

if (connect) {
  const count = Math.max(Number(param('accountCount')) || 1, acting + 1);
  for (let account = 0; account < count; account++) select.add(new Option(accountLabel(account), String(account), false, account === acting));
}

/** How long a click waits for the wallet before it says so and lets the person try again. */
const REPLY_TIMEOUT_MS = 8_000;

/** A message to the wallet; a stopped or restarting worker becomes a failed reply, never a hang. */
async function send<T>(message: PromptMessage): Promise<PromptReply<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<PromptReply<T>>((resolve) => (timer = setTimeout(() => resolve({ ok: false, error: 'The wallet did not answer in time.' }), REPLY_TIMEOUT_MS)));
  try {
    return await Promise.race([browser.runtime.sendMessage(message) as Promise<PromptReply<T>>, timeout]);
  } catch (error) {
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
  $('source').textContent = SOURCES[target.source];
  const mismatch = $('mismatch');
  mismatch.hidden = connectedAccount === undefined || connectedAccount === target.account;
  if (connectedAccount !== undefined) {
    mismatch.textContent = `This site connected with ${accountLabel(connectedAccount)}, but ${accountLabel(target.account)} will sign.`;
  }
}

async function showDetails(account: number, attempt = 0): Promise<void> {
  const reply = await send<PromptDetails>({ type: 'prompt/details', key, account });
  if (!reply.ok) {
    if (reply.gone) return gone(reply.error);
    // A worker Chrome stopped is restarting: ask again, and keep what works working meanwhile.
    if (attempt < 10 && !reply.error.startsWith('The wallet did not answer')) {
      setTimeout(() => void showDetails(account, attempt + 1), 300);
      return;
    }
    $('error').textContent = reply.error;
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
  if (!connect) {
    renderSigner(reply.value);
    acting = reply.value.target.account;
    enable();
  }
  document.body.dataset['ready'] = 'true';
}

function enable(): void {
  for (const button of buttons) button.disabled = false;
}

function fail(message: string): void {
  $('error').textContent = message;
  for (const button of buttons) button.disabled = true;
}

/** The request was answered or withdrawn elsewhere: say so, then close. */
function gone(message: string): void {
  fail(message);
  setTimeout(() => window.close(), 1500);
}

async function decide(message: PromptMessage): Promise<void> {
  for (const button of buttons) button.disabled = true;
  $('error').textContent = '';
  const reply = await send<null>(message);
  if (reply.ok) return window.close(); // the background closes it too; this covers a window it did not know yet
  if (reply.gone) return gone(reply.error);
  // The wallet was stopped or failed mid-click: nothing was decided, so the person can try again.
  $('error').textContent = `${reply.error} Try again.`;
  enable();
}

select.addEventListener('change', () => {
  acting = Number(select.value);
  void showDetails(acting);
});
$('approve').addEventListener('click', () => void decide({ type: 'prompt/approve', key, account: acting }));
$('reject').addEventListener('click', () => void decide({ type: 'prompt/reject', key }));
// A connect request can be answered now that clicks have somewhere to go.
if (connect) enable();
void showDetails(acting);
