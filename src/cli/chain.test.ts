// `mock-wallet chain`: its flags, checked in process, and the built bin serving a chain until interrupted.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chainOptions, CHAIN_HELP } from './chain.ts';
import { runCli } from './cli.ts';

const bin = fileURLToPath(new URL('../../dist/cli/mock-wallet.js', import.meta.url));

test('flags become chain options; bad ones are refused naming the flag', async () => {
  expect(chainOptions([])).toEqual({ bitcoin: { port: 3002 }, stacks: { port: 3999 } });
  expect(chainOptions(['--no-stacks', '--bitcoin-port', '0', '--accounts', '2', '--sats', '5000', '--block-interval', '10'])).toEqual({
    accounts: 2,
    bitcoin: { port: 0, sats: 5000, blockIntervalMs: 10_000 },
    stacks: false,
  });
  expect(chainOptions(['--project', 'app/Clarinet.toml', '--micro-stx', '7'])).toEqual({
    bitcoin: { port: 3002 },
    stacks: { port: 3999, project: 'app/Clarinet.toml', microStx: 7n },
  });
  expect(() => chainOptions(['--bitcoin-port', '70000'])).toThrow('--bitcoin-port must be a whole number from 0 to 65535, got "70000"');
  expect(() => chainOptions(['--block-interval', '0'])).toThrow('--block-interval must be at least 1 second');
  expect(() => chainOptions(['--no-stacks', '--project', 'x'])).toThrow('--no-stacks leaves out the Stacks chain');
  expect(() => chainOptions(['--colour'])).toThrow(/Unknown option '--colour'/);
  // Through runCli: help, and bad flags with exit code 2.
  expect(await runCli(['chain', '--help'])).toEqual({ status: 0, stdout: CHAIN_HELP, stderr: '' });
  expect(await runCli(['chain', '--accounts', 'many'])).toEqual({
    status: 2,
    stdout: '',
    stderr: 'mock-wallet: --accounts must be a whole number from 0 to 100, got "many"\n',
  });
});

test('the built bin serves the chain, prints its URLs and the funded accounts, and stops on Ctrl-C', async () => {
  const child = spawn(process.execPath, [bin, 'chain', '--no-stacks', '--bitcoin-port', '0', '--accounts', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Esplora API: (\S+)/.exec(out);
      if (found && out.includes('Ctrl-C')) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the chain exited with ${code}: ${out}`)));
  });
  expect(out).toMatch(/account 0: bcrt1q\S+ {2}bcrt1p\S+\n/);
  expect(await (await fetch(`${url}/blocks/tip/height`)).text()).toBe('102');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  expect(await exited).toBe(0);
});
