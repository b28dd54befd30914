// The fee rules, against the numbers their sources give (cited in fees.ts and wallets/xverse/stacks-fee.ts),
// and the node's answer as stacks-core writes it (stackslib/src/net/api/postfeerate.rs RPCFeeEstimateResponse).
import { test, expect } from '@playwright/test';
import { leatherFee, nodeEstimates } from './fees.ts';
import { xverseFee } from '../../wallets/xverse/stacks-fee.ts';

test("Leather: a transfer pays the config's 400 µSTX; a call or deploy the node's middle estimate, held between 3 000 µSTX and 0.75 STX; 3 000 without one", () => {
  expect(leatherFee('transfer', [1n, 2n, 3n])).toBe(400n);
  expect(leatherFee('transfer', undefined)).toBe(400n);
  expect(leatherFee('call', [100n, 5_000n, 9_000n])).toBe(5_000n);
  expect(leatherFee('call', [1n, 2n, 3n])).toBe(3_000n);
  expect(leatherFee('deploy', [0n, 10_000_000n, 0n])).toBe(750_000n);
  expect(leatherFee('call', undefined)).toBe(3_000n);
});

test("Xverse: the node's middle estimate for a call, its low one for a transfer or deploy; the default fee without one", () => {
  expect(xverseFee('call', [100n, 200n, 300n])).toBe(200n);
  expect(xverseFee('transfer', [100n, 200n, 300n])).toBe(100n);
  expect(xverseFee('deploy', [100n, 200n, 300n])).toBe(100n);
  expect(xverseFee('call', undefined)).toBe(10_000n);
});

test("the node's estimate is read from POST /v2/fees/transaction as the node answers it; a refusal or a malformed answer is no estimate", async () => {
  const asked: { url: string; body: unknown }[] = [];
  const answer = {
    estimated_cost: { write_length: 0, write_count: 0, read_length: 0, read_count: 0, runtime: 0 },
    estimated_cost_scalar: 14,
    estimations: [
      { fee_rate: 1.5, fee: 180 },
      { fee_rate: 2.5, fee: 300 },
      { fee_rate: 10, fee: 1200 },
    ],
    cost_scalar_change_by_byte: 0.00476,
  };
  const estimates = await nodeEstimates('http://node', '0a0b', 180, async (url, body) => {
    asked.push({ url, body: JSON.parse(body) });
    return JSON.stringify(answer);
  });
  expect(estimates).toEqual([180n, 300n, 1200n]);
  expect(asked).toEqual([{ url: 'http://node/v2/fees/transaction', body: { transaction_payload: '0a0b', estimated_len: 180 } }]);
  const refused = await nodeEstimates('http://node', '0a0b', 180, async () => {
    throw new Error('400 NoEstimateAvailable');
  });
  expect(refused).toBeUndefined();
  expect(await nodeEstimates('http://node', '0a0b', 180, async () => JSON.stringify({ estimations: [{ fee: 1 }] }))).toBeUndefined();
});
