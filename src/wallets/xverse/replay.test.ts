// Xverse's signPsbt answers as Xverse's code does: each case below is answered by this wallet (the CLI's
// answer path: an error screen answers what its Close button sends) and by Xverse's signing path replayed
// with the @scure/btc-signer it pins (test/xverse-replay.ts). Signed PSBTs are compared byte for byte.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { createHash } from 'node:crypto';
import { writePsbtV2 } from '../../../test/psbt-v2.ts';
import { NETWORK } from '../../../test/reference.ts';
import { XVERSE_SCREENS, xverseReplayAccount, xverseSignPsbt, type XverseReplay } from '../../../test/xverse-replay.ts';
import { KeyRing } from '../../core/keyring.ts';
import type { Settings } from '../../core/settings.ts';
import { defaultSettings } from '../settings.ts';
import { approvedResponse } from '../answer.ts';

bitcoin.initEccLib(ecc);
const ring = new KeyRing();
const FOREIGN = 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq';
const fakeTxid = (n: number): string => createHash('sha256').update(`xverse replay ${n}`).digest('hex');

/** Xverse's answer, as the page gets it, for what the replay says its window does. */
function expected(replay: XverseReplay): unknown {
  if ('psbt' in replay) return { result: { psbt: replay.psbt, txid: replay.finalised ? expect.stringMatching(/^[0-9a-f]{64}$/) : '' } };
  if (replay.screen === XVERSE_SCREENS.signing) return { error: { code: -32000, message: 'User rejected request to sign a psbt' } };
  return {
    error: {
      code: -32603,
      message: expect.stringMatching(
        replay.screen === XVERSE_SCREENS.parse
          ? /^The requested transaction is invalid/
          : replay.screen === XVERSE_SCREENS.addressType
            ? /payment address type/
            : /doesn't match the account currently active/,
      ),
    },
  };
}

async function ours(params: Record<string, unknown>, patch: Partial<Settings>): Promise<unknown> {
  const settings = { ...defaultSettings(), ...patch };
  const site = { origin: 'https://app.example', grant: { accounts: [`${settings.network}:${settings.activeAccount}`], readNetwork: true } };
  const response = await approvedResponse(ring, settings, 'x', 'signPsbt', params as never, undefined, { identity: 'xverse', site });
  return 'result' in response ? { result: response.result } : { error: { code: response.error.code, message: response.error.message } };
}

interface Input {
  script: Buffer;
  value: number;
  sighashType?: number;
  tapInternalKey?: Buffer;
  redeemScript?: Buffer;
}
function psbtOf(inputs: Input[]): string {
  const psbt = new bitcoin.Psbt();
  inputs.forEach((input, i) => {
    psbt.addInput({
      hash: fakeTxid(i),
      index: i,
      witnessUtxo: { script: input.script, value: BigInt(input.value) },
      ...(input.sighashType !== undefined && { sighashType: input.sighashType }),
      ...(input.tapInternalKey && { tapInternalKey: input.tapInternalKey }),
      ...(input.redeemScript && { redeemScript: input.redeemScript }),
    });
  });
  psbt.addOutput({ address: FOREIGN, value: 1000n });
  return psbt.toBase64();
}
const scriptOf = (address: string, network: keyof typeof NETWORK = 'mainnet'): Buffer => Buffer.from(bitcoin.address.toOutputScript(address, NETWORK[network]));

type Account = ReturnType<typeof xverseReplayAccount>;
interface Case {
  name: string;
  paymentType?: 'native' | 'nested';
  psbt: (a: Account) => string;
  signInputs: (a: Account) => Record<string, number[]>;
  broadcast?: boolean;
}
const xOnly = (a: Account): Buffer => Buffer.from(ecc.xOnlyPointFromScalar(a.ordinals.privateKey));
const CASES: Case[] = [
  {
    name: 'the payment input, signed',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
  {
    name: 'payment and ordinals inputs, finalised with broadcast',
    broadcast: true,
    psbt: (a) =>
      psbtOf([
        { script: scriptOf(a.payment.address), value: 10_000 },
        { script: scriptOf(a.ordinals.address), value: 546, tapInternalKey: xOnly(a) },
      ]),
    signInputs: (a) => ({ [a.ordinals.address]: [1], [a.payment.address]: [0] }),
  },
  {
    name: 'an input asking SINGLE|ANYONECANPAY',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000, sighashType: 0x83 }]),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
  {
    name: '(2) a foreign address: Address Mismatch',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.payment.address]: [0], [FOREIGN]: [0] }),
  },
  {
    name: "(3) the account's other payment type: Address Type Mismatch",
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.other.address]: [0] }),
  },
  {
    name: "(4) the account's testnet address on mainnet: Address Mismatch",
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: () => ({ [xverseReplayAccount(0, 'testnet', 'native').payment.address]: [0] }),
  },
  {
    name: '(6) an index listed twice, the input naming no sighash: signed once',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.payment.address]: [0, 0] }),
  },
  {
    name: '(6) an index listed twice, the input naming a sighash: its failure screen',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000, sighashType: 1 }]),
    signInputs: (a) => ({ [a.payment.address]: [0, 0] }),
  },
  {
    name: '(7) the payment address asked to sign the taproot input',
    psbt: (a) => psbtOf([{ script: scriptOf(a.ordinals.address), value: 10_000, tapInternalKey: xOnly(a) }]),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
  {
    name: '(8) the taproot input without tapInternalKey',
    psbt: (a) => psbtOf([{ script: scriptOf(a.ordinals.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.ordinals.address]: [0] }),
  },
  {
    name: '(9) a nested input without redeemScript',
    paymentType: 'nested',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
  {
    name: 'a nested input with its redeemScript, finalised',
    paymentType: 'nested',
    broadcast: true,
    psbt: (a) =>
      psbtOf([
        {
          script: scriptOf(a.payment.address),
          value: 10_000,
          redeemScript: Buffer.from(bitcoin.payments.p2wpkh({ pubkey: Buffer.from(ecc.pointFromScalar(a.payment.privateKey, true)!) }).output!),
        },
      ]),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
  {
    name: 'an index past the last input: the parse screen',
    psbt: (a) => psbtOf([{ script: scriptOf(a.payment.address), value: 10_000 }]),
    signInputs: (a) => ({ [a.payment.address]: [3] }),
  },
  {
    name: 'bytes that are not a PSBT: the parse screen',
    psbt: () => Buffer.from('not a psbt').toString('base64'),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
  {
    name: '(1) a PSBTv2: its global map as sent',
    psbt: (a) =>
      Buffer.from(
        writePsbtV2(
          [{ previousTxid: new Uint8Array(32).fill(7), outputIndex: 0, witnessScript: scriptOf(a.payment.address), amount: 10_000n }],
          [{ script: scriptOf(FOREIGN), amount: 9000n }],
        ),
      ).toString('base64'),
    signInputs: (a) => ({ [a.payment.address]: [0] }),
  },
];

for (const c of CASES) {
  test(`signPsbt as Xverse's code: ${c.name}`, async () => {
    const paymentType = c.paymentType ?? 'native';
    const account = xverseReplayAccount(0, 'mainnet', paymentType);
    const psbt = c.psbt(account);
    const signInputs = c.signInputs(account);
    const replay = xverseSignPsbt(psbt, signInputs, c.broadcast ?? false, account);
    expect(await ours({ psbt, signInputs, ...(c.broadcast && { broadcast: true }) }, { xversePaymentType: paymentType })).toEqual(expected(replay));
  });
}

test("(5) no signInputs: -32602, as sats-connect-core's schema requires it", async () => {
  const account = xverseReplayAccount(0, 'mainnet', 'native');
  expect(await ours({ psbt: psbtOf([{ script: scriptOf(account.payment.address), value: 10_000 }]) }, {})).toEqual({
    error: { code: -32602, message: 'Invalid parameters.' },
  });
});

test("(10) stx_signTransaction with bytes that are no transaction: -32602 'Invalid Stacks transaction.' and no data, as Xverse's own check answers", async () => {
  const settings = defaultSettings();
  const site = { origin: 'https://app.example', grant: { accounts: ['mainnet:0'], readNetwork: true } };
  const ask = (transaction: unknown) =>
    approvedResponse(ring, settings, 't', 'stx_signTransaction', { transaction } as never, undefined, { identity: 'xverse', site });
  expect(await ask('00ff')).toEqual({ jsonrpc: '2.0', id: 't', error: { code: -32602, message: 'Invalid Stacks transaction.' } });
  // Not a string at all: sats-connect-core's schema, before Xverse's check.
  expect(await ask(5)).toMatchObject({
    error: { code: -32602, message: 'Invalid parameters.', data: { error: expect.stringContaining('transaction must be') } },
  });
});
