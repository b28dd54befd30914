// The Stacks chain's bench rows: a transaction through the HTTP API (decoded, signature and nonce
// checked, executed by simnet, post-conditions read from its events) against simnet's own call of
// the same thing through the chain's control (the floor: what simnet itself costs).
// - a transfer: makeSTXTokenTransfer POSTed to /v2/transactions, against a contract call whose
//   body is the same stx-transfer? (simnet has no transfer a control can time apart from its call);
// - a contract call: makeContractCall of `bump` POSTed, against callPublic('bump').
import { Cl, broadcastTransaction, makeContractCall, makeSTXTokenTransfer, privateKeyToHex } from '@stacks/transactions';
import { KeyRing } from '../src/core/keyring.ts';
import { DEFAULT_MNEMONIC } from '../src/core/mnemonic.ts';
import type { LocalChain } from '../src/chain/index.ts';
import { against, figure, stats, underMs, type Row } from './bench-rows.ts';

const SOURCE =
  '(define-data-var n uint u0) (define-public (bump) (ok (var-set n (+ (var-get n) u1)))) (define-public (send (amount uint) (to principal)) (stx-transfer? amount tx-sender to))';

export async function stacksRows(chain: LocalChain, quick: boolean): Promise<Row[]> {
  const stacks = chain.stacks;
  if (!stacks || !chain.stacksUrl) return [];
  const n = quick ? 3 : 40;
  const [sender, recipient] = chain.accounts;
  const key = `${privateKeyToHex((await new KeyRing().secrets(DEFAULT_MNEMONIC, '', 'regtest', 0)).stx)}01`;
  const network = { network: 'testnet' as const, client: { baseUrl: chain.stacksUrl } };
  await stacks.deployContract('bench', SOURCE);
  const contract = `${stacks.deployer}.bench`;
  const post = async (tx: Parameters<typeof broadcastTransaction>[0]['transaction']) => {
    const sent = await broadcastTransaction({ transaction: tx, ...network });
    if ('reason' in sent) throw new Error(`bench: the chain refused the transaction: ${String(sent.reason)}`);
  };
  const samples = { transferApi: [] as number[], transferFloor: [] as number[], callApi: [] as number[], callFloor: [] as number[] };
  for (let i = 0; i < n; i++) {
    // Built before the clock starts: signing is the app's cost, not the chain's.
    const nonce = stacks.nonce(sender!.stx);
    const transfer = await makeSTXTokenTransfer({ recipient: recipient!.stx, amount: 1000n, senderKey: key, nonce, fee: 300n, ...network });
    let t = performance.now();
    await post(transfer);
    samples.transferApi.push(performance.now() - t);
    t = performance.now();
    await stacks.callPublic(contract, 'send', [Cl.uint(1000), Cl.principal(recipient!.stx)], sender!.stx);
    samples.transferFloor.push(performance.now() - t);
    const call = await makeContractCall({
      contractAddress: stacks.deployer,
      contractName: 'bench',
      functionName: 'bump',
      functionArgs: [],
      senderKey: key,
      nonce: stacks.nonce(sender!.stx),
      fee: 300n,
      ...network,
    });
    t = performance.now();
    await post(call);
    samples.callApi.push(performance.now() - t);
    t = performance.now();
    await stacks.callPublic(contract, 'bump', [], sender!.stx);
    samples.callFloor.push(performance.now() - t);
  }
  // A test's clean chain when it used Stacks: simnet has no snapshot, so its reset clones the cached start.
  const resets = { changed: [] as number[], untouched: [] as number[] };
  for (let i = 0; i < Math.min(n, 20); i++) {
    await stacks.callPublic(contract, 'bump', [], sender!.stx);
    let t = performance.now();
    await chain.reset();
    resets.changed.push(performance.now() - t);
    t = performance.now();
    await chain.reset();
    resets.untouched.push(performance.now() - t);
    await stacks.deployContract('bench', SOURCE);
  }
  return [
    underMs("a test's clean chain when the test used Stacks: chain.reset() after one contract call", stats(resets.changed), 5),
    figure('  the same reset when the test did not touch either chain', stats(resets.untouched)),
    figure("Stacks floor: simnet's own call of an stx-transfer? (the chain's control)", stats(samples.transferFloor)),
    against(
      '  an STX transfer through the API: makeSTXTokenTransfer POSTed to /v2/transactions',
      stats(samples.transferApi),
      stats(samples.transferFloor),
      "simnet's call",
    ),
    figure("Stacks floor: simnet's own call of a contract function", stats(samples.callFloor)),
    against('  the same call through the API: makeContractCall POSTed to /v2/transactions', stats(samples.callApi), stats(samples.callFloor), "simnet's call"),
  ];
}
