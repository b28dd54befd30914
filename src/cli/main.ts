// mock-wallet, the bin (dist/cli/mock-wallet.js): the CLI (cli.ts) on this process's arguments, its output
// and exit code handed to the process; `mock-wallet chain` (chain.ts) serves the chains until interrupted.
import { runCli } from './cli.ts';
import { ChainUsageError, runChain } from './chain.ts';

const argv = process.argv.slice(2);

if (argv[0] === 'chain') {
  runChain(argv.slice(1)).then(
    (started) => {
      if ('help' in started) return void process.stdout.write(started.help);
      process.stdout.write(started.text);
      const stop = () => void started.chain.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`mock-wallet chain: ${error instanceof ChainUsageError ? message : `could not start: ${message}`}\n`);
      process.exitCode = error instanceof ChainUsageError ? 2 : 1;
    },
  );
} else {
  void runCli(argv).then(({ status, stdout, stderr }) => {
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    process.exitCode = status;
  });
}
