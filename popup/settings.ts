// The toolbar popup: every setting of the wallet, validated by the same core rules as the tests' API.
import { accountLabel } from '../src/core/account-path.ts';
import { NETWORK_NAMES } from '../src/core/networks.ts';
import browser from 'webextension-polyfill';
import type { Settings, SettingsPatch } from '../src/core/settings.ts';
import { counterOf, type NonceCounters } from '../src/core/nonce-counters.ts';
import { loadCounters } from '../src/shared/nonce-store.ts';
import type { SettingsMessage, SettingsReply } from '../src/shared/messages.ts';
import type { WalletDescription } from '../src/wallets/table.ts';

/** Each wallet a page can also find, with its settings' controls: written in by the build from the wallets' table. */
declare const __WALLETS__: readonly WalletDescription[];

const form = document.getElementById('settings') as HTMLFormElement;
const field = <T extends HTMLElement>(name: string): T => form.elements.namedItem(name) as unknown as T;
const error = document.getElementById('error')!;
const status = document.getElementById('status')!;

for (const network of NETWORK_NAMES) field<HTMLSelectElement>('network').add(new Option(network, network));

/** The wallets' own settings, by name, and the control each has. */
const owned = new Map(__WALLETS__.flatMap((wallet) => wallet.controls.map(({ key, control }) => [key, control] as const)));

// Each wallet: its summary, its checkbox in `identities`, then the controls of the settings it reads.
document.getElementById('wallets')!.replaceChildren(
  ...__WALLETS__.flatMap((wallet) => {
    const hint = Object.assign(document.createElement('p'), { className: 'hint', textContent: wallet.summary });
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', name: 'identities', value: wallet.name });
    const label = document.createElement('label');
    label.append(box, ` ${wallet.title}`);
    return [
      hint,
      label,
      ...wallet.controls.flatMap(({ key, control }) => {
        const caption = Object.assign(document.createElement('label'), { htmlFor: key, textContent: control.label });
        const input =
          control.kind === 'select'
            ? Object.assign(document.createElement('select'), { id: key, name: key })
            : Object.assign(document.createElement('input'), { id: key, name: key, type: 'number', min: String(control.min), max: String(control.max) });
        if (input instanceof HTMLSelectElement && control.kind === 'select')
          for (const option of control.options) input.add(new Option(option.text, option.value));
        return [caption, input];
      }),
    ];
  }),
);

function fill(settings: Settings, counters: NonceCounters): void {
  field<HTMLTextAreaElement>('mnemonic').value = settings.mnemonic;
  field<HTMLInputElement>('passphrase').value = settings.passphrase;
  field<HTMLInputElement>('accountCount').value = String(settings.accountCount);
  // Suggestions are the listed accounts only (at most 100): any other number is typed.
  document
    .getElementById('listedAccounts')!
    .replaceChildren(...Array.from({ length: settings.accountCount }, (_, a) => new Option(accountLabel(a), String(a))));
  field<HTMLInputElement>('activeAccount').value = String(settings.activeAccount);
  field<HTMLSelectElement>('network').value = settings.network;
  field<HTMLSelectElement>('variant').value = settings.variant;
  field<HTMLSelectElement>('approvalPolicy').value = settings.approvalPolicy;
  field<HTMLSelectElement>('rejectionCode').value = String(settings.rejectionCode);
  field<HTMLSelectElement>('accountRule').value = settings.accountRule;
  field<HTMLSelectElement>('taprootKeyField').value = settings.taprootKeyField;
  field<HTMLInputElement>('bitcoinBroadcastUrl').value = settings.bitcoinBroadcastUrl;
  field<HTMLInputElement>('bitcoinFeeRate').value = String(settings.bitcoinFeeRate);
  field<HTMLInputElement>('stacksNodeUrl').value = settings.stacksNodeUrl;
  field<HTMLInputElement>('stacksNonce').value = String(counterOf(counters, settings.network, settings.activeAccount));
  field<HTMLInputElement>('strictParams').checked = settings.strictParams;
  field<HTMLInputElement>('warmWindow').checked = settings.warmWindow;
  field<HTMLSelectElement>('entryOrder').value = settings.entryOrder;
  field<HTMLInputElement>('shuffleSeed').value = String(settings.shuffleSeed);
  field<HTMLInputElement>('extraEntries').checked = settings.extraEntries;
  field<HTMLInputElement>('malformedDerivationPath').checked = settings.malformedDerivationPath;
  field<HTMLInputElement>('responseDelayMs').value = String(settings.responseDelayMs);
  field<HTMLInputElement>('maxOpenWindows').value = String(settings.maxOpenWindows);
  checkAll('missingEntries', settings.missingEntries);
  checkAll('exposeAs', settings.exposeAs);
  checkAll('identities', settings.identities);
  for (const key of owned.keys()) field<HTMLInputElement | HTMLSelectElement>(key).value = String((settings as unknown as Record<string, unknown>)[key]);
  field<HTMLInputElement>('bitcoinBalance').value = String(settings.bitcoinBalance);
}

function checkAll(name: string, values: readonly string[]): void {
  for (const box of form.querySelectorAll<HTMLInputElement>(`input[name=${name}]`)) box.checked = values.includes(box.value);
}

const checked = <T extends string>(name: string): T[] =>
  [...form.querySelectorAll<HTMLInputElement>(`input[name=${name}]:checked`)].map((box) => box.value as T);

const number = (name: string): number => {
  const raw = field<HTMLInputElement>(name).value.trim();
  return raw === '' ? NaN : Number(raw);
};

function read(): SettingsPatch {
  // The wallets' own settings: each as its control reads it (checked by the worker, as every change is).
  const own = Object.fromEntries([...owned].map(([key, control]) => [key, control.kind === 'number' ? number(key) : field<HTMLSelectElement>(key).value]));
  return {
    ...own,
    mnemonic: field<HTMLTextAreaElement>('mnemonic').value,
    passphrase: field<HTMLInputElement>('passphrase').value,
    accountCount: number('accountCount'),
    activeAccount: number('activeAccount'),
    network: field<HTMLSelectElement>('network').value as Settings['network'],
    variant: field<HTMLSelectElement>('variant').value as Settings['variant'],
    approvalPolicy: field<HTMLSelectElement>('approvalPolicy').value as Settings['approvalPolicy'],
    rejectionCode: number('rejectionCode') as Settings['rejectionCode'],
    accountRule: field<HTMLSelectElement>('accountRule').value as Settings['accountRule'],
    taprootKeyField: field<HTMLSelectElement>('taprootKeyField').value as Settings['taprootKeyField'],
    bitcoinBroadcastUrl: field<HTMLInputElement>('bitcoinBroadcastUrl').value.trim(),
    bitcoinFeeRate: number('bitcoinFeeRate'),
    stacksNodeUrl: field<HTMLInputElement>('stacksNodeUrl').value.trim(),
    strictParams: field<HTMLInputElement>('strictParams').checked,
    warmWindow: field<HTMLInputElement>('warmWindow').checked,
    missingEntries: checked<Settings['missingEntries'][number]>('missingEntries'),
    exposeAs: checked<Settings['exposeAs'][number]>('exposeAs'),
    identities: checked<Settings['identities'][number]>('identities'),
    bitcoinBalance: number('bitcoinBalance'),
    entryOrder: field<HTMLSelectElement>('entryOrder').value as Settings['entryOrder'],
    shuffleSeed: number('shuffleSeed'),
    extraEntries: field<HTMLInputElement>('extraEntries').checked,
    malformedDerivationPath: field<HTMLInputElement>('malformedDerivationPath').checked,
    responseDelayMs: number('responseDelayMs'),
    maxOpenWindows: number('maxOpenWindows'),
  };
}

// Changes go through the wallet's service worker, the one writer of the settings.
async function run(message: SettingsMessage, done: string): Promise<void> {
  error.textContent = '';
  status.textContent = '';
  const reply = (await browser.runtime.sendMessage(message)) as SettingsReply;
  if (reply.ok) {
    fill(reply.value.settings, await loadCounters());
    showProblems(reply.value.problems);
    status.textContent = done;
  } else {
    // A refused change saves nothing; the form keeps what was typed so it can be fixed.
    error.textContent = reply.error;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  // The nonce field belongs to the account and network chosen in this form.
  const nonce = field<HTMLInputElement>('stacksNonce').value.trim();
  void run({ type: 'settings/save', patch: read(), stacksNonce: nonce === '' ? NaN : Number(nonce) }, 'Saved.');
});
document.getElementById('defaults')!.addEventListener('click', () => void run({ type: 'settings/reset' }, 'Defaults restored.'));
/** Invalid stored settings are never silent: each fell back to its default until saved again. */
function showProblems(problems: readonly string[]): void {
  const banner = document.getElementById('problems')!;
  banner.hidden = problems.length === 0;
  banner.textContent = problems.length === 0 ? '' : `Stored settings were invalid: ${problems.join(' ')} Save or restore defaults to fix.`;
}

// The settings as the worker, their one reader and writer, holds them (it checks them against every wallet's rules).
void run({ type: 'settings/read' }, '');
