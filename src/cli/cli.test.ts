// The CLI's answers, run in this process (runCli: what it prints and its exit code), and the built bin
// (dist/cli/mock-wallet.js, what npm installs) as a user runs it: a child process whose stdout, stderr and
// exit code are runCli's, for each kind of outcome.
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { verifyBip322 } from '../../test/bitcoin-reference.ts';
import { leatherVariant, reference } from '../../test/reference.ts';
import { verifyStacksMessage } from '../../test/stacks-reference.ts';
import { runCli, type CliResult } from './cli.ts';

const bin = fileURLToPath(new URL('../../dist/cli/mock-wallet.js', import.meta.url));

const cli = (...args: string[]): Promise<CliResult> => runCli(args);
function binary(...args: string[]): CliResult {
  const { status, stdout, stderr } = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { status: status ?? -1, stdout, stderr };
}

test('addresses prints the exact envelope, nothing else', async () => {
  const { status, stdout, stderr } = await cli('addresses', '--account', '6', '--network', 'testnet', '--variant', 'second', '--id', 'req-1');
  expect(stderr).toBe('');
  expect(status).toBe(0);
  const response = JSON.parse(stdout);
  expect(response).toMatchObject({ jsonrpc: '2.0', id: 'req-1' });
  const [segwit, taproot, stx] = response.result.addresses;
  expect(segwit).toMatchObject({ symbol: 'BTC', type: 'p2wpkh', derivationPath: "m/84'/1'/6'/0/0", fingerprint: '73c5da0a' });
  expect(segwit.address).toMatch(/^tb1q/);
  expect(taproot).toMatchObject({ symbol: 'BTC', type: 'p2tr', derivationPath: "m/86'/1'/6'/0/0" });
  expect(taproot.descriptor).toMatch(/^tr\(\[73c5da0a\/86'\/1'\/6'\/0\/0\][0-9a-f]{64}\)#[a-z0-9]{8}$/);
  expect(stx).toMatchObject({ symbol: 'STX', kind: 'single-sig' });
  expect(stx.address).toMatch(/^ST/);
});

test('--response-delay: a connect answer is printed that much later; a signature is not held back', async () => {
  const waits: number[] = [];
  const record = async (ms: number): Promise<void> => void waits.push(ms);
  expect((await runCli(['addresses', '--response-delay', '300'], undefined, record)).status).toBe(0);
  expect(waits).toEqual([300]);
  expect((await runCli(['call', 'signMessage', '--params', '{"message":"x"}', '--response-delay', '300'], undefined, record)).status).toBe(0);
  expect(waits).toEqual([300]);
  // The wait itself, with the CLI's own clock: at least the delay (a busy machine only adds to it).
  const start = Date.now();
  await runCli(['addresses', '--response-delay', '250']);
  expect(Date.now() - start).toBeGreaterThanOrEqual(250);
});

test('defaults: first variant, mainnet, account 0, fresh UUID id', async () => {
  const response = JSON.parse((await cli('addresses')).stdout);
  expect(response.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(response.result.addresses.map((a: { address: string }) => a.address)).toEqual([
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    'SPC5KHM41H6WHAST7MWWDD807YSPRQKJ69FSH54J',
  ]);
});

test("--variant leather: the real wallet's shape, and its network ids", async () => {
  const response = JSON.parse((await cli('addresses', '--variant', 'leather', '--network', 'testnet', '--account', '1')).stdout);
  expect(JSON.stringify(response.result.addresses)).toBe(JSON.stringify(leatherVariant(await reference('testnet', 1))));
});

test('--chains and --missing shape the entries', async () => {
  const stacksOnly = JSON.parse((await cli('addresses', '--variant', 'second', '--chains', 'stacks')).stdout);
  expect(stacksOnly.result.addresses.map((a: { symbol: string }) => a.symbol)).toEqual(['STX']);
  const noTaproot = JSON.parse((await cli('addresses', '--missing', 'p2tr')).stdout);
  expect(noTaproot.result.addresses.map((a: { type?: string; symbol: string }) => a.type ?? a.symbol)).toEqual(['p2wpkh', 'STX']);
});

test('bad input: one line on stderr, exit code 2, empty stdout', async () => {
  const bad: [string[], RegExp][] = [
    [['addresses', '--account', 'seven'], /--account must be an integer/],
    [['addresses', '--account', '2147483648'], /--account must be an integer/],
    [['addresses', '--network', 'moon'], /network must be one of/],
    [['addresses', '--variant', 'third'], /--variant must be first, second or leather/],
    [['addresses', '--mnemonic', 'abandon abandon'], /mnemonic has 2 words/],
    [['addresses', '--chains', 'bitcoin'], /--chains needs --variant second/],
    [['addresses', '--variant', 'second', '--chains', 'dogecoin'], /chains\[0\] must be/],
    [['addresses', '--missing', 'p2pkh'], /missingEntries/],
    [['addresses', '--id', ''], /--id must not be empty/],
    [['addresses', '--bogus'], /Unknown option '--bogus'/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [[], /missing command/],
  ];
  for (const [args, message] of bad) {
    const { status, stdout, stderr } = await cli(...args);
    expect(status, args.join(' ')).toBe(2);
    expect(stdout, args.join(' ')).toBe('');
    expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    expect(stderr, args.join(' ')).toMatch(message);
  }
});

test('--help documents every flag', async () => {
  const { status, stdout } = await cli('--help');
  expect(status).toBe(0);
  for (const flag of [
    '--mnemonic',
    '--passphrase',
    '--account',
    '--network',
    '--variant',
    '--chains',
    '--missing',
    '--id',
    '--params',
    '--taproot-key',
    '--fee-rate',
    '--help',
  ]) {
    expect(stdout).toContain(flag);
  }
});

test('the built bin prints what runCli returns and exits with its status: an answer (0), bad input (2), an error answer (3), help (0)', async () => {
  for (const args of [
    ['call', 'signMessage', '--params', '{"message":"same"}', '--as', 'xverse', '--network', 'regtest', '--id', 'same'],
    ['addresses', '--network', 'moon'],
    ['call', 'signMessage', '--params', '{"message":"x","type":"legacy"}', '--id', 'e'],
    ['--help'],
  ]) {
    expect(binary(...args), args.join(' ')).toEqual(await cli(...args));
  }
  expect(binary('addresses', '--network', 'moon')).toMatchObject({
    status: 2,
    stdout: '',
    stderr: expect.stringMatching(/^mock-wallet: network must be one of/),
  });
  expect(binary('call', 'signMessage', '--params', '{"message":"x","type":"legacy"}').status).toBe(3);
});

test('call <method> prints the approved answer: a signature that verifies, the same every time', async () => {
  const args = ['call', 'signMessage', '--params', '{"message":"hello","account":1}', '--id', 'sig'];
  const { status, stdout } = await cli(...args);
  expect(status).toBe(0);
  const response = JSON.parse(stdout) as { id: string; result: { signature: string; address: string; message: string } };
  expect(response).toMatchObject({ jsonrpc: '2.0', id: 'sig', result: { address: (await reference('mainnet', 1)).p2wpkh.address, message: 'hello' } });
  expect(verifyBip322(response.result.address, 'hello', response.result.signature)).toBe(true);
  expect(JSON.parse((await cli(...args)).stdout)).toEqual(response);
  // --account is the wallet's active account: the one that signs when the request names none.
  const active = JSON.parse((await cli('call', 'signMessage', '--params', '{"message":"hello"}', '--account', '1', '--id', 'sig')).stdout);
  expect(active).toEqual(response);
});

test("call: the wallet's JSON-RPC error is printed as the page gets it, exit code 3; bad flags exit 2", async () => {
  const refused = await cli('call', 'signMessage', '--params', '{"message":"x","type":"legacy"}', '--id', 'e');
  expect(refused.status).toBe(3);
  expect(JSON.parse(refused.stdout)).toMatchObject({ jsonrpc: '2.0', id: 'e', error: { code: -32602 } });
  for (const args of [['call'], ['call', 'signMessage', '--params', '{oops'], ['addresses', '--params', '{}'], ['call', 'signMessage', 'extra']]) {
    const { status, stderr } = await cli(...args);
    expect(status, args.join(' ')).toBe(2);
    expect(stderr, args.join(' ')).toMatch(/^mock-wallet: /);
  }
  expect((await cli('call', 'nope')).status).toBe(3); // -32601, as the extension answers
});

test('call works for the Stacks methods too: a deterministic RSV signature that @stacks/encryption verifies', async () => {
  const args = ['call', 'stx_signMessage', '--params', '{"message":"hello"}', '--account', '2', '--id', 's'];
  const first = JSON.parse((await cli(...args)).stdout) as { result: { signature: string; publicKey: string } };
  const stx = (await reference('mainnet', 2)).stx!;
  expect(first.result.publicKey).toBe(stx.publicKey);
  expect(verifyStacksMessage('hello', first.result.signature, stx.publicKey)).toBe(true);
  expect(JSON.parse((await cli(...args)).stdout)).toEqual(first);
});

test("--as xverse answers in Xverse's dialect: its purposes and shapes, --payment-type nested, its errors", async () => {
  const ref = await reference('mainnet', 0);
  const { status, stdout } = await cli('addresses', '--as', 'xverse', '--id', 'x');
  expect(status).toBe(0);
  const { result } = JSON.parse(stdout);
  expect(result.network).toEqual({ bitcoin: { name: 'Mainnet' }, stacks: { name: 'Mainnet' } });
  expect(result.addresses.map((a: { purpose: string; address: string }) => [a.purpose, a.address])).toEqual([
    ['ordinals', ref.p2tr.address],
    ['payment', ref.p2wpkh.address],
    ['stacks', ref.stx!.address],
  ]);
  const nested = JSON.parse((await cli('call', 'getAddresses', '--as', 'xverse', '--payment-type', 'nested', '--params', '{"purposes":["payment"]}')).stdout);
  expect(nested.result.addresses[0]).toMatchObject({ addressType: 'p2sh', address: '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf' });
  const bad = await cli('call', 'getAddresses', '--as', 'xverse', '--params', '{"purposes":["spark"]}');
  expect(bad.status).toBe(3);
  expect(JSON.parse(bad.stdout).error).toMatchObject({ code: -32602, message: 'Invalid parameters.' });
  expect((await cli('addresses', '--as', 'okx-ish')).stderr).toContain('--as must be one of xverse, unisat');
  expect((await cli('addresses', '--payment-type', 'nested')).stderr).toContain('--payment-type goes with --as xverse');
});

test("--network testnet4 (BIP-94 keeps testnet's key and address versions): the contract's, Leather's and UniSat's addresses are testnet's, UniSat's chain its own", async () => {
  const second = JSON.parse((await cli('addresses', '--network', 'testnet4', '--variant', 'second')).stdout);
  // m/84'/1'/0'/0/0 of the test mnemonic.
  expect(second.result.addresses[0]).toMatchObject({
    type: 'p2wpkh',
    address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl',
    derivationPath: "m/84'/1'/0'/0/0",
  });
  const leather = JSON.parse((await cli('addresses', '--variant', 'leather', '--network', 'testnet4', '--account', '1')).stdout);
  expect(JSON.stringify(leather.result.addresses)).toBe(JSON.stringify(leatherVariant(await reference('testnet', 1))));
  // docs/reference/unisat.md §6: coin 0' on every network.
  expect(JSON.parse((await cli('addresses', '--as', 'unisat', '--network', 'testnet4')).stdout)).toEqual(['tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0']);
  for (const args of [
    ['--network', 'testnet4'],
    ['--params', '["BITCOIN_TESTNET4"]'],
  ]) {
    const method = args[0] === '--network' ? 'getChain' : 'switchChain';
    expect(JSON.parse((await cli('call', method, '--as', 'unisat', ...args)).stdout), method).toEqual({
      enum: 'BITCOIN_TESTNET4',
      name: 'Bitcoin Testnet4 (Beta)',
      network: 'testnet',
    });
  }
});

test('--as unisat: arguments in order, the answer printed bare as the page gets it, a rejection as its { code, message }', async () => {
  // docs/reference/unisat.md §6: the testnet address keeps coin 0'; the BIP-322 signature is the vector's, and verifies.
  expect(JSON.parse((await cli('addresses', '--as', 'unisat', '--network', 'testnet')).stdout)).toEqual(['tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0']);
  const signed = await cli('call', 'signMessage', '--as', 'unisat', '--params', '["Hello World","bip322-simple"]');
  expect(signed.status).toBe(0);
  expect(JSON.parse(signed.stdout)).toBe(
    'AkcwRAIgKjQeMT+Jb9zi6sHHxFb/RiwaLezvFRgB+AlEKcGMqCUCIEvNgnZFCrTJqvnQrw6VjTQ4V9k7PbK8uM44CHv6voffASEDMNVP0N1CCm5fjTYk9fNILK41D3nV8HU79b7vnC2Rrzw=',
  );
  expect(verifyBip322('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'Hello World', JSON.parse(signed.stdout))).toBe(true);
  expect(JSON.parse((await cli('call', 'getPublicKey', '--as', 'unisat', '--address-type', 'p2tr')).stdout)).toBe(
    '03cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
  );
  expect(JSON.parse((await cli('call', 'getBalance', '--as', 'unisat', '--balance', '5000')).stdout)).toEqual({ confirmed: 5000, unconfirmed: 0, total: 5000 });
  const bad = await cli('call', 'signPsbt', '--as', 'unisat', '--params', '["zz"]');
  expect(bad.status).toBe(3);
  expect(JSON.parse(bad.stdout)).toEqual({ code: -32603, message: 'invalid psbt' });
  expect((await cli('call', 'signMessage', '--as', 'unisat', '--params', '{"text":"hi"}')).stdout).toContain('takes its arguments as an array in order');
  expect((await cli('addresses', '--address-type', 'p2tr')).stderr).toContain('--address-type goes with --as unisat or --as okx');
  // OKX: methods named by provider object; its own address type setting.
  expect(JSON.parse((await cli('call', 'bitcoin.connect', '--as', 'okx', '--address-type', 'p2tr')).stdout)).toMatchObject({
    publicKey: 'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
  });
  // OKX's connect() on the network's object: its address and (p2wpkh) public key.
  expect(JSON.parse((await cli('addresses', '--as', 'okx', '--network', 'testnet')).stdout)).toEqual({
    address: 'tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0',
    publicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    compressedPublicKey: '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
  });
  expect((await cli('addresses', '--as', 'unisat', '--address-type', 'p2wsh')).stderr).toContain('unisatAddressType must be one of');
});
