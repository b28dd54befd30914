// The approval window. Its buttons work from first paint: approving needs only the
// request key and the chosen account, both in the URL; addresses arrive a moment later.
import browser from 'webextension-polyfill';
import { accountLabel } from '../src/core/account-path.ts';
import type { PromptDetails, PromptMessage, PromptReply, PromptUrlParams } from '../src/shared/messages.ts';

const query = new URLSearchParams(location.search);
const param = (name: keyof PromptUrlParams): string => query.get(name) ?? '';
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const key = param('key');
const select = $<HTMLSelectElement>('account');
const buttons = [$<HTMLButtonElement>('approve'), $<HTMLButtonElement>('reject')];

$('origin').textContent = param('origin');
$('method').textContent = param('method');
$('chains').textContent = param('chains').split(',').join(', ');
$('network').textContent = param('network');

const active = Number(param('account'));
const count = Math.max(Number(param('accountCount')) || 1, active + 1);
for (let account = 0; account < count; account++) select.add(new Option(accountLabel(account), String(account), false, account === active));

const send = <T>(message: PromptMessage): Promise<PromptReply<T>> => browser.runtime.sendMessage(message) as Promise<PromptReply<T>>;

function shorten(address: string): string {
  return address.length > 20 ? `${address.slice(0, 10)}…${address.slice(-8)}` : address;
}

async function showAccount(account: number): Promise<void> {
  const reply = await send<PromptDetails>({ type: 'prompt/details', key, account });
  if (!reply.ok) return fail(reply.error);
  if (Number(select.value) !== account) return; // the person switched again meanwhile
  for (const kind of ['p2wpkh', 'p2tr', 'stx'] as const) {
    const element = $(kind);
    element.textContent = shorten(reply.value.summary[kind]);
    element.title = reply.value.summary[kind];
  }
}

function fail(message: string): void {
  $('error').textContent = message;
  for (const button of buttons) button.disabled = true;
}

async function decide(message: PromptMessage): Promise<void> {
  for (const button of buttons) button.disabled = true;
  const reply = await send<null>(message);
  if (!reply.ok) return fail(reply.error);
  window.close(); // the background closes it too; this covers a window it did not know yet
}

select.addEventListener('change', () => void showAccount(Number(select.value)));
$('approve').addEventListener('click', () => void decide({ type: 'prompt/approve', key, account: Number(select.value) }));
$('reject').addEventListener('click', () => void decide({ type: 'prompt/reject', key }));
// Enabled only now that clicks have somewhere to go.
for (const button of buttons) button.disabled = false;
void showAccount(active);
