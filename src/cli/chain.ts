// mock-wallet chain: the embedded Bitcoin regtest and Stacks chain on fixed local ports, for an app
// run by hand or by another test runner. Runs until interrupted.
import { parseArgs } from 'node:util';
import { startChain, type LocalChain, type ChainOptions } from '../chain/index.ts';
import { FundingError } from '../chain/funding.ts';

export const CHAIN_HELP = `Usage: mock-wallet chain [options]

Starts a Bitcoin regtest chain (Esplora API) and a Stacks chain (Clarinet's
simnet behind the Stacks node and API routes) on this machine, with the
wallet's accounts funded, prints their URLs and runs until interrupted.

Options:
  --bitcoin-port <n>       the Esplora API's port (default 3002; 0: any free port)
  --stacks-port <n>        the Stacks API's port (default 3999, the devnet URL
                           @stacks/network uses; 0: any free port)
  --no-stacks              Bitcoin only (no simnet: starts in well under a second)
  --project <path>         the app's Clarinet.toml: its contracts deployed on start
  --accounts <n>           how many accounts are funded, from account 0 (default 5)
  --sats <n>               sats paid to each account's p2wpkh and p2tr address (default 100000000)
  --micro-stx <n>          µSTX each account's Stacks address gets (default 100000000000000)
  --block-interval <s>     mine a Bitcoin block every s seconds (default: only when asked)
  --mnemonic "<words>"     whose accounts are funded (default: "abandon ×11 about")
  -h, --help               show this help

Bad input prints one line on stderr and exits with code 2.
`;

export class ChainUsageError extends Error {}

const whole = (flag: string, value: string | undefined, max: number): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) > max) throw new ChainUsageError(`--${flag} must be a whole number from 0 to ${max}, got "${value}"`);
  return Number(value);
};

const parseChainArgs = (argv: string[]) =>
  parseArgs({
    args: argv,
    strict: true,
    options: {
      'bitcoin-port': { type: 'string' },
      'stacks-port': { type: 'string' },
      'no-stacks': { type: 'boolean' },
      project: { type: 'string' },
      accounts: { type: 'string' },
      sats: { type: 'string' },
      'micro-stx': { type: 'string' },
      'block-interval': { type: 'string' },
      mnemonic: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

/** The options a command line asks for; bad input throws ChainUsageError. */
export function chainOptions(argv: string[]): ChainOptions | 'help' {
  let values: ReturnType<typeof parseChainArgs>['values'];
  try {
    ({ values } = parseChainArgs(argv));
  } catch (error) {
    throw new ChainUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values['no-stacks'] && (values.project !== undefined || values['stacks-port'] !== undefined || values['micro-stx'] !== undefined)) {
    throw new ChainUsageError('--no-stacks leaves out the Stacks chain: --project, --stacks-port and --micro-stx go without it');
  }
  const sats = whole('sats', values.sats, 2_100_000_000_000_000);
  const microStx = values['micro-stx'] === undefined ? undefined : /^[0-9]+$/.test(values['micro-stx']) ? BigInt(values['micro-stx']) : NaN;
  if (Number.isNaN(microStx)) throw new ChainUsageError(`--micro-stx must be a whole number, got "${values['micro-stx']}"`);
  const interval = whole('block-interval', values['block-interval'], 86_400);
  if (interval === 0) throw new ChainUsageError('--block-interval must be at least 1 second');
  const accounts = whole('accounts', values.accounts, 100);
  return {
    ...(values.mnemonic !== undefined && { mnemonic: values.mnemonic }),
    ...(accounts !== undefined && { accounts }),
    bitcoin: {
      port: whole('bitcoin-port', values['bitcoin-port'], 65535) ?? 3002,
      ...(sats !== undefined && { sats }),
      ...(interval !== undefined && { blockIntervalMs: interval * 1000 }),
    },
    stacks: values['no-stacks']
      ? false
      : {
          port: whole('stacks-port', values['stacks-port'], 65535) ?? 3999,
          ...(values.project !== undefined && { project: values.project }),
          ...(typeof microStx === 'bigint' && { microStx }),
        },
  };
}

/** What the command prints once both chains serve. */
export function describeChain(chain: LocalChain): string {
  const lines = [`Bitcoin regtest, Esplora API: ${chain.bitcoin.url}`];
  if (chain.stacksUrl) lines.push(`Stacks (simnet), node and API: ${chain.stacksUrl}`);
  lines.push('', 'Funded accounts:');
  for (const a of chain.accounts) lines.push(`  account ${a.account}: ${a.p2wpkh}  ${a.p2tr}${chain.stacks ? `  ${a.stx}` : ''}`);
  lines.push('', 'Test wallet: anyone can spend what this mnemonic holds. Ctrl-C stops the chains.');
  return `${lines.join('\n')}\n`;
}

/** Starts the chains a command line asks for; the bin keeps them until interrupted. */
export async function runChain(argv: string[]): Promise<{ chain: LocalChain; text: string } | { help: string }> {
  const options = chainOptions(argv);
  if (options === 'help') return { help: CHAIN_HELP };
  let chain: LocalChain;
  try {
    chain = await startChain(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A port in use is the likely failure: say which.
    if ((error as { code?: unknown }).code === 'EADDRINUSE')
      throw new ChainUsageError(`a port is in use (${message}): pass --bitcoin-port / --stacks-port, or 0 for any free port`);
    if (error instanceof FundingError) throw new ChainUsageError(message);
    throw error;
  }
  return { chain, text: describeChain(chain) };
}
