// The demo dApp: follows the contract's caller rules.
// - getAddresses only on an explicit click, once; the addresses live in app state.
// - entries are picked by property (type / symbol), never by position; any may be missing.
// - the account number comes from a derivation path, and a non-integer one is an error.
import { accountFromDerivationPath, accountLabel } from '../../src/core/account-path.ts';
import type { AnsweredEntry, GetAddressesResult, P2trEntry, P2wpkhEntry, StxEntry } from '../../src/core/addresses.ts';
import { NETWORKS, isNetworkName, type NetworkName } from '../../src/core/networks.ts';
import type { RpcFailure, RpcSuccess } from '../../src/core/rpc.ts';
import { Transaction, p2wpkh } from '@scure/btc-signer';
import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { AddressVersion, Cl, PayloadType, addressFromVersionHash, addressToString, deserializeTransaction } from '@stacks/transactions';

interface Provider {
  request(method: 'getAddresses', params?: unknown): Promise<RpcSuccess<GetAddressesResult>>;
  request(method: string, params?: unknown): Promise<RpcSuccess<Record<string, string>>>;
}

interface Connection {
  account: number;
  network: NetworkName;
  segwit?: P2wpkhEntry;
  taproot?: P2trEntry;
  stacks?: StxEntry;
}

let connection: Connection | undefined;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const provider = (): Provider | undefined => (window as unknown as { WalletProvider?: Provider }).WalletProvider;

/** The network the addresses belong to: the one asked for, else the address prefix. */
function networkOf(params: unknown, address: string | undefined): NetworkName {
  const asked = (params as { network?: unknown } | undefined)?.network;
  if (isNetworkName(asked)) return asked;
  if (address?.startsWith('bcrt1')) return 'regtest';
  if (address?.startsWith('tb1')) return 'testnet';
  return 'mainnet';
}

function readParams(): unknown {
  const text = $<HTMLInputElement>('params').value.trim();
  return text === '' ? undefined : JSON.parse(text);
}

async function connect(): Promise<void> {
  $('error').textContent = '';
  const wallet = provider();
  if (!wallet) {
    $('error').textContent = 'No wallet found: install the mock wallet extension.';
    return;
  }
  let params: unknown;
  try {
    params = readParams();
  } catch {
    $('error').textContent = 'Request params are not valid JSON.';
    return;
  }
  $('status').textContent = 'Waiting for the wallet…';
  try {
    const response = params === undefined ? await wallet.request('getAddresses') : await wallet.request('getAddresses', params);
    $('response').textContent = JSON.stringify(response, null, 2);
    const entries: AnsweredEntry[] = response.result.addresses;
    const segwit = entries.find((e): e is P2wpkhEntry => e.symbol === 'BTC' && e.type === 'p2wpkh');
    const taproot = entries.find((e): e is P2trEntry => e.symbol === 'BTC' && e.type === 'p2tr');
    const stacks = entries.find((e): e is StxEntry => e.symbol === 'STX');
    const path = segwit?.derivationPath ?? taproot?.derivationPath;
    const account = path === undefined ? 0 : accountFromDerivationPath(path); // throws on a non-integer segment
    connection = {
      account,
      network: networkOf(params, segwit?.address ?? taproot?.address),
      ...(segwit && { segwit }),
      ...(taproot && { taproot }),
      ...(stacks && { stacks }),
    };
  } catch (error) {
    const failure = error as Partial<RpcFailure>;
    $('response').textContent = JSON.stringify(error, null, 2);
    $('error').textContent = failure.error
      ? `Wallet error ${failure.error.code}: ${failure.error.message}`
      : `Could not read the wallet's answer: ${error instanceof Error ? error.message : String(error)}`;
    $('status').textContent = connection ? `Connected: ${accountLabel(connection.account)}` : 'Not connected.';
    return;
  }
  render();
}

/** Shows a signing request's answer (a Stacks transaction decoded), or the wallet's error. */
async function sign(method: string, params: Record<string, unknown>): Promise<void> {
  const wallet = provider();
  if (!wallet || !connection) return;
  $('error').textContent = '';
  $('signature').textContent = 'Waiting for the wallet…';
  try {
    // The wallet's network ids have no "regtest": its devnet is the same chain.
    const network = connection.network === 'regtest' ? 'devnet' : connection.network;
    const response = await wallet.request(method, { ...params, network });
    const { transaction } = response.result;
    const decoded = method.startsWith('stx_') && transaction ? { decoded: describeStacksTransaction(transaction) } : {};
    $('signature').textContent = JSON.stringify({ ...response.result, ...decoded }, null, 2);
  } catch (error) {
    const failure = error as Partial<RpcFailure>;
    $('signature').textContent = '';
    $('error').textContent = failure.error ? `Wallet error ${failure.error.code}: ${failure.error.message}` : String(error);
  }
}

const DEMO_STX_RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

/** What a signed Stacks transaction says, decoded in the app as a developer would check it. */
function describeStacksTransaction(hex: string): Record<string, string> {
  const tx = deserializeTransaction(hex);
  const { payload } = tx;
  return {
    txid: tx.txid(),
    sender: addressFromPublicKeyHash(tx.auth.spendingCondition.signer, connection?.network === 'mainnet' ? 'mainnet' : 'testnet'),
    nonce: String(tx.auth.spendingCondition.nonce),
    fee: String(tx.auth.spendingCondition.fee),
    ...(payload.payloadType === PayloadType.TokenTransfer && {
      recipient: Cl.prettyPrint(payload.recipient),
      amount: String(payload.amount),
      memo: payload.memo.content.replace(/\0+$/, ''),
    }),
  };
}

function addressFromPublicKeyHash(hash: string, network: 'mainnet' | 'testnet'): string {
  return addressToString(addressFromVersionHash(network === 'mainnet' ? AddressVersion.MainnetSingleSig : AddressVersion.TestnetSingleSig, hash));
}

/** A PSBT spending a made-up output of the connected Native SegWit address back to itself. */
function demoPsbt(segwit: P2wpkhEntry): string {
  const payment = p2wpkh(hexToBytes(segwit.publicKey), NETWORKS[connection!.network].btc);
  const tx = new Transaction();
  tx.addInput({ txid: sha256(new TextEncoder().encode('demo dApp input')), index: 0, witnessUtxo: { script: payment.script, amount: 10_000n } });
  tx.addOutputAddress(segwit.address, 9_000n, NETWORKS[connection!.network].btc);
  return bytesToHex(tx.toPSBT());
}

function row(label: string, address: string | undefined, link: boolean): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset['key'] = label;
  const name = tr.insertCell();
  name.textContent = label;
  const cell = tr.insertCell();
  cell.className = 'address';
  if (!address) cell.textContent = 'not provided by this wallet';
  else if (link && connection) {
    const a = document.createElement('a');
    a.href = NETWORKS[connection.network].explorer(address);
    a.textContent = address;
    a.target = '_blank';
    a.rel = 'noopener';
    cell.append(a);
  } else cell.textContent = address;
  return tr;
}

/** The chain the demo reads, when the page is opened with ?esplora=<Esplora base URL> (npm start does). */
const esplora = new URLSearchParams(location.search).get('esplora') ?? undefined;

/** The connected Native SegWit address's coins on the chain, confirmed and not. */
async function showBalance(): Promise<void> {
  const address = connection?.segwit?.address;
  if (!esplora || !address) return;
  const utxos = (await (await fetch(`${esplora}/address/${address}/utxo`)).json()) as { value: number; status: { confirmed: boolean } }[];
  const sats = (confirmed: boolean) => utxos.filter((u) => u.status.confirmed === confirmed).reduce((sum, u) => sum + u.value, 0);
  const btc = (value: number) => `${(value / 1e8).toFixed(8).replace(/\.?0+$/, '')} BTC`;
  $('balance').textContent = `Balance: ${btc(sats(true))}${sats(false) ? ` (+${btc(sats(false))} unconfirmed)` : ''}`;
}

/** Pays 10 000 sats to the connected Taproot address with sendTransfer, then follows it until a block confirms it. */
async function sendBtc(): Promise<void> {
  const wallet = provider();
  if (!wallet || !connection?.taproot || !esplora) return;
  $('error').textContent = '';
  $('sent').textContent = 'Waiting for the wallet…';
  let txid: string;
  try {
    const network = connection.network === 'regtest' ? 'devnet' : connection.network;
    const recipients = [{ address: connection.taproot.address, amount: '10000' }];
    txid = (await wallet.request('sendTransfer', { recipients, network, account: connection.account })).result['txid']!;
  } catch (error) {
    const failure = error as Partial<RpcFailure>;
    $('sent').textContent = '';
    $('error').textContent = failure.error ? `Wallet error ${failure.error.code}: ${failure.error.message}` : String(error);
    return;
  }
  for (;;) {
    const status = (await (await fetch(`${esplora}/tx/${txid}/status`)).json()) as { confirmed: boolean; block_height?: number };
    await showBalance();
    $('sent').textContent = status.confirmed ? `Confirmed in block ${status.block_height}: ${txid}` : `Sent, waiting for a block: ${txid}`;
    if (status.confirmed) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function render(): void {
  const table = $<HTMLTableElement>('addresses');
  const body = table.tBodies[0]!;
  body.replaceChildren();
  $('switch').hidden = $('disconnect').hidden = $('signing').hidden = $('chain').hidden = !connection;
  $('connect').hidden = !!connection;
  table.hidden = !connection;
  if (!connection) {
    $('status').textContent = 'Not connected.';
    return;
  }
  $('status').textContent = `Connected: ${accountLabel(connection.account)} (${connection.network})`;
  $('chain').hidden = !esplora;
  if (esplora) {
    $('esplora').textContent = esplora;
    void showBalance();
  }
  body.append(
    row('Native SegWit', connection.segwit?.address, true),
    row('Taproot', connection.taproot?.address, true),
    row('Stacks', connection.stacks?.address, false),
  );
}

$('connect').addEventListener('click', () => void connect());
$('sign-message').addEventListener('click', () => void sign('signMessage', { message: $<HTMLInputElement>('message').value, account: connection?.account }));
$('sign-psbt').addEventListener('click', () => {
  if (connection?.segwit) void sign('signPsbt', { hex: demoPsbt(connection.segwit), account: connection.account });
  else $('error').textContent = 'The wallet gave no Native SegWit address to spend from.';
});
// Stacks methods take no account: the connected STX address says who sends.
$('send-stx').addEventListener('click', () => {
  if (connection?.stacks) void sign('stx_transferStx', { recipient: DEMO_STX_RECIPIENT, amount: '1000000', memo: 'demo', address: connection.stacks.address });
  else $('error').textContent = 'The wallet gave no Stacks address.';
});
$('send-btc').addEventListener('click', () => void sendBtc());
// Switching account is a new connection request, made on an explicit click.
$('switch').addEventListener('click', () => void connect());
$('disconnect').addEventListener('click', () => {
  connection = undefined;
  $('error').textContent = '';
  render();
});
