// A dApp written the usual way with @stacks/connect v8: connect() with no arguments, then
// request(...) on the wallet it remembers. No provider object is passed anywhere.
import { connect, disconnect, request, requestRaw, getSelectedProviderId } from '@stacks/connect';

const out = document.getElementById('out') as HTMLPreElement;

function show(label: string, value: unknown): void {
  out.dataset['last'] = label;
  out.textContent = JSON.stringify(value, null, 2);
}

function on(id: string, action: () => Promise<unknown>): void {
  document.getElementById(id)!.addEventListener('click', () => {
    out.dataset['last'] = `${id}:pending`;
    action().then(
      (result) => show(`${id}:ok`, { result, provider: getSelectedProviderId() }),
      (error: { code?: unknown; message?: unknown; name?: unknown }) => show(`${id}:error`, { name: error.name, code: error.code, message: error.message }),
    );
  });
}

// Parameters a page test fills in (a PSBT built by the test, a recipient) before clicking.
const input = (): Record<string, unknown> => JSON.parse((document.getElementById('input') as HTMLTextAreaElement).value || '{}') as Record<string, unknown>;

on('connect', () => connect());
on('transfer-stx', () => request('stx_transferStx', { recipient: String(input()['recipient']), amount: 1000n, memo: 'via connect' }));
// signInputs: [0] unless the test says otherwise ([] asks the wallet to sign every input it can).
const signInputs = (): number[] => (input()['signInputs'] as number[] | undefined) ?? [0];
on('sign-psbt', () => request('signPsbt', { psbt: String(input()['psbt']), signInputs: signInputs() }));
on('send-transfer', () => request('sendTransfer', { recipients: [{ address: String(input()['address']), amount: 15000 }] }));
// The generic form, as connect sends it to a wallet without isLeather (no rewriting at all).
on('sign-psbt-raw', () => requestRaw(window.WalletProvider as never, 'signPsbt', { psbt: String(input()['psbt']), signInputs: signInputs() }));
on('send-transfer-raw', () => requestRaw(window.WalletProvider as never, 'sendTransfer', { recipients: [{ address: String(input()['address']), amount: 15000 }] }));
on('disconnect', async () => disconnect());
