// mock-wallet: prints the exact JSON-RPC response the wallet would give, for writing test expectations.
// The whole CLI, as a function of its arguments; main.ts, the bin, hands its output and exit code to the process.
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { ENTRY_KINDS, MAX_RESPONSE_DELAY_MS, VARIANTS } from '../core/choices.ts';
import { KeyRing } from '../core/keyring.ts';
import { NETWORK_NAMES } from '../core/networks.ts';
import { CHAINS, parseGetAddressesParams } from '../core/params.ts';
import { RpcError } from '../core/rpc.ts';
import { SettingsError, type SettingSpec, type Settings } from '../core/settings.ts';
import { MAX_ACCOUNT } from '../core/keys.ts';
import { answerAs } from '../wallets/answer.ts';
import { CHAIN_HELP, ChainUsageError, chainOptions } from './chain.ts';
import { grantKey } from '../core/site-grant.ts';
import { TABLE } from '../wallets/index.ts';
import type { WalletTable } from '../wallets/table.ts';
import type { JsonValue } from '../core/json.ts';

/** `text` in lines of at most 80 characters, each after `indent` spaces (the first after `first`, padded). */
function wrap(text: string, indent: number, first = ''): string {
  const lines: string[] = [];
  let line = first.padEnd(indent);
  for (const word of text.split(' ')) {
    if (line.trim() !== '' && line.length + word.length > 80 && line.length > indent) {
      lines.push(line.trimEnd());
      line = ''.padEnd(indent);
    }
    line += `${word} `;
  }
  return [...lines, line.trimEnd()].join('\n');
}

/** How each wallet with its own way of being called is asked, in its record's words (wallets that share one, together). */
function callHelp(table: WalletTable): string {
  const byHelp = new Map<string, string[]>();
  for (const { name, cli } of table.records) if (cli) byHelp.set(cli.help, [...(byHelp.get(cli.help) ?? []), name]);
  return [...byHelp].map(([help, names]) => wrap(`${names.join(', ')}: ${help}`, 27)).join('\n');
}

/** Each wallet flag's help: with which --as, in the records' words. */
function walletFlagsHelp(table: WalletTable): string {
  const lines: string[] = [];
  for (const [flag, users] of table.cliFlags) {
    const bySpec = new Map<SettingSpec<unknown>, string[]>();
    for (const { wallet, spec } of users) bySpec.set(spec, [...(bySpec.get(spec) ?? []), wallet.name]);
    for (const [spec, names] of bySpec)
      lines.push(wrap(`with --as ${names.join(', ')}: ${spec.cli!.help}`, 27, spec === users[0]!.spec ? `  --${flag} <value>` : ''));
  }
  return lines.join('\n');
}

const help = (table: WalletTable): string => `Usage: mock-wallet addresses [options]
       mock-wallet call <method> [--params '<json>'] [options]
       mock-wallet chain [options]      (see mock-wallet chain --help)

addresses: prints, as JSON on stdout, the response the mock wallet returns to
window.WalletProvider.request('getAddresses', params) with these settings.
call: prints the response to request(method, params) once approved, as the
extension answers it (${Object.keys(table.walletFor(undefined).methods).join(', ')}); signatures are deterministic.
A JSON-RPC error is printed the same way, on stdout, with exit code 3.
chain: starts a Bitcoin regtest (Esplora API) and a Stacks chain with the
wallet's accounts funded, prints their URLs, and runs until interrupted.

Options:
  --mnemonic "<words>"     12 or 24 BIP-39 words (default: the public test
                           mnemonic "abandon ×11 about")
  --passphrase <text>      optional BIP-39 passphrase (default: none)
  --account <N>            account index as in the derivation path, 0 to ${MAX_ACCOUNT};
                           the wallet shows it as "Account N+1" (default: 0)
  --network <name>         ${NETWORK_NAMES.join(' | ')} (default: mainnet),
                           the wallet's selected network
  --variant <v>            first | second | leather output shape (default: first;
                           leather: what the real wallet sends today)
  --chains <list>          second variant only: params.chains, comma-separated
                           from ${CHAINS.join(',')} (default: both)
  --missing <list>         keys the wallet lacks, comma-separated from
                           ${ENTRY_KINDS.join(',')} (as a Ledger user might)
  --params '<json>'        call only: the request's params, as JSON
  --taproot-key <k>        internal | output: what tweakedPublicKey holds
                           (default: internal, as the real wallet)
  --fee-rate <n>           sendTransfer's fee rate in sat/vB (default: 10)
  --strict-params          first variant: refuse getAddresses parameters instead of ignoring them
  --entry-order <o>        standard | reversed | shuffled: the order of the answer's entries
  --shuffle-seed <n>       seeds --entry-order shuffled (default: 1)
  --extra-entries          add entries a later wallet might return (nested SegWit, legacy)
  --malformed-path         BTC derivationPath account segments that are not integers
  --response-delay <ms>    answer that much later (0 to ${MAX_RESPONSE_DELAY_MS}): the slow wallet
${wrap(`${table.identities.join(' | ')}: answer in that wallet's dialect (its methods, shapes and errors), as to a site that has connected`, 27, '  --as <wallet>')}
${callHelp(table)}
${walletFlagsHelp(table)}
  --balance <sats>         the balance a wallet's balance read reports without a chain (default: 0)
  --id <id>                JSON-RPC id to answer with (default: a fresh UUID)
  -h, --help               show this help

Bad input prints one line on stderr and exits with code 2.

Examples:
  mock-wallet addresses --account 6 --network testnet --variant second
  mock-wallet call signMessage --params '{"message":"hello","account":1}'
${[...new Set(table.records.flatMap((record) => (record.cli ? [`  mock-wallet ${record.cli.example}`] : [])))].join('\n')}
`;

class UsageError extends Error {}

/** A flag's digits as a number; anything else becomes NaN, which the settings refuse with the field's range. */
const wholeNumber = (value: string): number => (/^[0-9]+$/.test(value) ? Number(value) : NaN);

function listFlag(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** What a run prints on stdout, and its exit code: 0, or 3 for a JSON-RPC error. */
async function run(argv: string[], table: WalletTable, wait: Wait): Promise<{ stdout: string; status: 0 | 3 }> {
  // The chain runs until interrupted: the bin (main.ts) starts it; here only its help and its flags' checks.
  if (argv[0] === 'chain') {
    if (chainOptions(argv.slice(1)) === 'help') return { stdout: CHAIN_HELP, status: 0 };
    throw new UsageError('"mock-wallet chain" runs until interrupted: start it from a shell (npx mock-wallet chain)');
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      mnemonic: { type: 'string' },
      passphrase: { type: 'string' },
      account: { type: 'string' },
      network: { type: 'string' },
      variant: { type: 'string' },
      chains: { type: 'string' },
      missing: { type: 'string' },
      id: { type: 'string' },
      params: { type: 'string' },
      'taproot-key': { type: 'string' },
      'fee-rate': { type: 'string' },
      'strict-params': { type: 'boolean' },
      'entry-order': { type: 'string' },
      'shuffle-seed': { type: 'string' },
      'extra-entries': { type: 'boolean' },
      'malformed-path': { type: 'boolean' },
      'response-delay': { type: 'string' },
      as: { type: 'string' },
      ...Object.fromEntries([...table.cliFlags.keys()].map((flag) => [flag, { type: 'string' as const }])),
      balance: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { stdout: help(table), status: 0 };
  if (positionals.length === 0) throw new UsageError('missing command: try "mock-wallet --help"');
  const [command, method, ...extra] = positionals;
  if (command === 'call') {
    if (method === undefined) throw new UsageError(`call needs a method name, one of ${Object.keys(table.walletFor(undefined).methods).join(', ')}`);
  } else if (command !== 'addresses' || method !== undefined) {
    throw new UsageError(`unknown command "${positionals.join(' ')}"; the commands are "addresses", "call <method>" and "chain"`);
  }
  if (extra.length > 0) throw new UsageError(`unexpected "${extra.join(' ')}"; pass params with --params '<json>'`);
  if (command === 'addresses' && values.params !== undefined) throw new UsageError('--params goes with "call <method>"');

  let account = 0;
  if (values.account !== undefined) {
    if (!/^[0-9]+$/.test(values.account) || Number(values.account) > MAX_ACCOUNT) {
      throw new UsageError(`--account must be an integer from 0 to ${MAX_ACCOUNT}, got "${values.account}"`);
    }
    account = Number(values.account);
  }
  if (values.variant !== undefined && !(VARIANTS as readonly string[]).includes(values.variant)) {
    throw new UsageError(`--variant must be ${VARIANTS.join(', ').replace(/, (?=[^,]*$)/, ' or ')}, got "${values.variant}"`);
  }
  const patch: Partial<Settings> = {};
  if (values.mnemonic !== undefined) patch.mnemonic = values.mnemonic;
  if (values.passphrase !== undefined) patch.passphrase = values.passphrase;
  if (values.network !== undefined) patch.network = values.network as Settings['network'];
  if (values.variant !== undefined) patch.variant = values.variant as Settings['variant'];
  const missing = listFlag(values.missing);
  if (missing) patch.missingEntries = missing as Settings['missingEntries'];
  if (values['taproot-key'] !== undefined) patch.taprootKeyField = values['taproot-key'] as Settings['taprootKeyField'];
  if (values['strict-params']) patch.strictParams = true;
  if (values['entry-order'] !== undefined) patch.entryOrder = values['entry-order'] as Settings['entryOrder'];
  if (values['shuffle-seed'] !== undefined) patch.shuffleSeed = wholeNumber(values['shuffle-seed']);
  if (values['extra-entries']) patch.extraEntries = true;
  if (values['malformed-path']) patch.malformedDerivationPath = true;
  if (values['response-delay'] !== undefined) patch.responseDelayMs = wholeNumber(values['response-delay']);
  if (values['fee-rate'] !== undefined) patch.bitcoinFeeRate = wholeNumber(values['fee-rate']);
  if (values.as !== undefined && !table.isIdentity(values.as))
    throw new UsageError(`--as must be one of ${table.identities.join(', ')} (the contract's provider is the default), got "${values.as}"`);
  const identity = table.isIdentity(values.as) ? values.as : undefined;
  const called = table.walletFor(identity);
  // A wallet's own flags set the settings its record reads (applySettingsPatch checks the values).
  for (const [flag, users] of table.cliFlags) {
    const value = (values as Record<string, unknown>)[flag];
    if (value === undefined) continue;
    const own = users.find((user) => user.wallet === called);
    if (!own) throw new UsageError(`--${flag} goes with ${users.map((user) => `--as ${user.wallet.name}`).join(' or ')}`);
    Object.assign(patch, { [own.key]: value });
  }
  if (values.balance !== undefined) patch.bitcoinBalance = wholeNumber(values.balance);
  // The account flag is the wallet's active account, as a person switched to it.
  patch.activeAccount = account;
  const wallet = table.settings.apply(table.settings.defaults(), patch);
  if (values.id !== undefined && values.id.length === 0) throw new UsageError('--id must not be empty');
  const id = values.id ?? randomUUID();

  let params: JsonValue | undefined;
  if (command === 'call' && values.params !== undefined) {
    try {
      params = JSON.parse(values.params) as JsonValue;
    } catch (error) {
      throw new UsageError(`--params is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (command === 'addresses' && identity) {
    if (values.chains !== undefined)
      throw new UsageError(`--chains is the contract's; ${called.title} is asked as its ${called.addressMethod(wallet.network)} asks`);
    params = called.addressRequest({}) ?? undefined;
  } else if (command === 'addresses') {
    // The wallet's network applies in both variants; --chains travels as a request param.
    const chains = listFlag(values.chains);
    if (chains && wallet.variant !== 'second') throw new UsageError(`--chains needs --variant second (the ${wallet.variant} variant does not read chains)`);
    if (chains) parseGetAddressesParams({ chains }, wallet.variant); // a bad list is a usage error here
    params = chains && { chains };
  }
  const name = method ?? called.addressMethod(wallet.network);
  // As another wallet, the CLI is a site that connected (account and network read), so gated reads answer.
  const as = identity && { identity, site: { origin: 'cli', grant: { accounts: [grantKey(wallet.network, wallet.activeAccount)], readNetwork: true } } };
  // The one call pipeline (core/wallet.ts), as the extension runs it.
  const { response, delayMs } = await answerAs(ring, wallet, called, { id, method: name, params, ...(as && { site: as.site }) });
  // The slow wallet: a connect answer comes that much later, as the extension's does.
  if (delayMs > 0) await wait(delayMs);
  // As the page receives it: the envelope, or (UniSat) the bare result or the { code, message } it rejects with.
  const printed =
    called.answers === 'envelope' ? response : 'error' in response ? { code: response.error.code, message: response.error.message } : response.result;
  return { stdout: `${JSON.stringify(printed, null, 2)}\n`, status: 'error' in response ? 3 : 0 };
}

/** One run of the CLI: what it prints on stdout and stderr, and its exit code (2: bad input, 3: a JSON-RPC error, 1: a failure of its own). */
export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** How the CLI waits out the slow-wallet fault before it prints. */
export type Wait = (ms: number) => Promise<void>;
/**
 * One key ring for the process: the bin answers once, but runCli in a test or a kit's process is called again and
 * again, and a new ring derived the seed and every key each time (the one-answer e2e spent 7 s of its 18 s of Node
 * CPU in elliptic-curve math). It keeps at most 256 accounts (src/core/keyring.ts).
 */
const ring = new KeyRing();

const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `table`: the wallets it answers as (another than this mock's in a test of the add-a-wallet recipe).
 * `wait`: how it waits out the slow-wallet fault (a test passes one that records the wait instead of timing it).
 */
export async function runCli(argv: string[], table: WalletTable = TABLE, wait: Wait = sleep): Promise<CliResult> {
  try {
    return { ...(await run(argv, table, wait)), stderr: '' };
  } catch (error) {
    const known = error instanceof UsageError || error instanceof SettingsError || error instanceof RpcError || error instanceof ChainUsageError;
    const parseError = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
    const message = error instanceof Error ? error.message : String(error);
    return { status: known || parseError ? 2 : 1, stdout: '', stderr: `mock-wallet: ${known || parseError ? message : `internal error: ${message}`}\n` };
  }
}
