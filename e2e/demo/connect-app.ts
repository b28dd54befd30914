// A dApp written the usual way with @stacks/connect v8: connect() with no arguments, then
// request(...) on the wallet it remembers. No provider object is passed anywhere.
import { connect, disconnect, request, requestRaw, getSelectedProviderId } from '@stacks/connect';
import type { MethodParams } from '@stacks/connect';
import { Cl, cvToValue, fetchCallReadOnlyFunction, type ClarityValue, type TupleCV } from '@stacks/transactions';

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
// The account the app connected with, when the test plays a careful app: `account` for Bitcoin, `address` for Stacks.
const account = (): number | undefined => input()['account'] as number | undefined;
const stxAddress = (): { address?: string } => (typeof input()['address'] === 'string' ? { address: String(input()['address']) } : {});
on('transfer-stx', () => {
  const { address } = stxAddress();
  const recipient = String(input()['recipient']);
  return address === undefined ? request('stx_transferStx', { recipient, amount: 1000n, memo: 'via connect' }) : transferStxAs(address, recipient, 1000n);
});
// signInputs: [0] unless the test says otherwise ([] asks the wallet to sign every input it can).
const signInputs = (): number[] => (input()['signInputs'] as number[] | undefined) ?? [0];
// docs: connected-account
// `account` and `address` are what the app kept from connect(): the account number in a BTC entry's
// derivationPath, and the STX address. connect's request() rewrites signPsbt for a Leather-style
// wallet and drops `account`, so that call turns the rewriting off; the others pass it through.
const signPsbtAs = (account: number, psbt: string, signInputs: number[]) =>
  request({ enableOverrides: false }, 'signPsbt', { psbt, signInputs, account } as MethodParams<'signPsbt'>);
const signMessageAs = (account: number, message: string) => request('signMessage' as 'stx_signMessage', { message, account } as never); // connect 8 has no typed signMessage
const transferStxAs = (address: string, recipient: string, amount: bigint) => request('stx_transferStx', { recipient, amount, address });
const signStructuredAs = (address: string, message: ClarityValue, domain: TupleCV) =>
  request('stx_signStructuredMessage', { message, domain, address } as MethodParams<'stx_signStructuredMessage'>);
// end docs

// The careless app's calls name no account; the careful app's (the test puts `account` or `address` in the input) do.
on('sign-psbt', () => {
  const psbt = String(input()['psbt']);
  const named = account();
  return named === undefined ? request('signPsbt', { psbt, signInputs: signInputs() }) : signPsbtAs(named, psbt, signInputs());
});
on('sign-message', () => {
  const named = account();
  const message = 'Sign in to the connect dApp';
  return named === undefined ? request('signMessage' as 'stx_signMessage', { message } as never) : signMessageAs(named, message);
});
const SIP018_MESSAGE = Cl.tuple({ action: Cl.stringAscii('sign-in'), nonce: Cl.uint(7) });
const SIP018_DOMAIN = Cl.tuple({ name: Cl.stringAscii('connect dApp'), version: Cl.stringAscii('1.0.0'), 'chain-id': Cl.uint(1) });
on('sign-structured', () => {
  const { address } = stxAddress();
  return address === undefined
    ? request('stx_signStructuredMessage', { message: SIP018_MESSAGE, domain: SIP018_DOMAIN })
    : signStructuredAs(address, SIP018_MESSAGE, SIP018_DOMAIN);
});
on('send-transfer', () => request('sendTransfer', { recipients: [{ address: String(input()['address']), amount: 15000 }] }));
// The generic form, as connect sends it to a wallet without isLeather (no rewriting at all).
on('sign-psbt-raw', () => requestRaw(window.WalletProvider as never, 'signPsbt', { psbt: String(input()['psbt']), signInputs: signInputs() }));
on('send-transfer-raw', () =>
  requestRaw(window.WalletProvider as never, 'sendTransfer', { recipients: [{ address: String(input()['address']), amount: 15000 }] }),
);
on('disconnect', async () => disconnect());
// A contract of the app's own: a public call through the wallet, and a read-only call straight to the
// node (the input names the contract `address.name`, the amount and the node's URL).
on('call-contract', () =>
  request('stx_callContract', {
    contract: String(input()['contract']) as `${string}.${string}`,
    functionName: 'raise',
    functionArgs: [Cl.uint(Number(input()['by']))],
  }),
);
on('read-total', async () => {
  const [contractAddress, contractName] = String(input()['contract']).split('.') as [string, string];
  const total = await fetchCallReadOnlyFunction({
    contractAddress,
    contractName,
    functionName: 'get-total',
    functionArgs: [],
    senderAddress: contractAddress,
    network: 'testnet',
    client: { baseUrl: String(input()['node']) },
  });
  return String(cvToValue(total));
});
