// mock-wallet, the bin (dist/cli/mock-wallet.js): the CLI (cli.ts) on this process's arguments, its output
// and exit code handed to the process.
import { runCli } from './cli.ts';

void runCli(process.argv.slice(2)).then(({ status, stdout, stderr }) => {
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = status;
});
