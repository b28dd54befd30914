// UniSat's answers equal its own code's: every case below is answered by this wallet (the CLI's answer
// path) and by UniSat's signing path replayed with the libraries it pins (test/unisat-replay.ts). PSBTs are
// compared whole, byte for byte; a refusal by its message. PSBTs built with bitcoinjs-lib, as a dApp does.
import { test, expect } from '@playwright/test';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { createHash } from 'node:crypto';
import { replayAccount, replaySignMessage, replaySignPsbt, type UnisatNetwork, type UnisatOptions, type UnisatType } from '../../../test/unisat-replay.ts';
import { KeyRing } from '../../core/keyring.ts';
import { defaultSettings } from '../settings.ts';
import { approvedResponse } from '../answer.ts';

bitcoin.initEccLib(ecc);
const ring = new KeyRing();
const CONNECTED = { origin: 'https://app.example', grant: { accounts: [], readNetwork: false } };
const NET = { mainnet: bitcoin.networks.bitcoin, testnet: bitcoin.networks.testnet } as const;
const FOREIGN = 'bc1q530dz4h80kwlzywlhx2qn0k6vdtftd93c499yq';
const fakeTxid = (n: number): string => createHash('sha256').update(`unisat replay ${n}`).digest('hex');

/** What the wallet answers: the result, or { error: message }. */
async function ours(method: string, args: unknown[], type: UnisatType, account: number, network: UnisatNetwork): Promise<unknown> {
  const settings = { ...defaultSettings(), unisatAddressType: type, activeAccount: account, network };
  const response = await approvedResponse(ring, settings, 'r', method, args as never, undefined, { identity: 'unisat', site: CONNECTED });
  return 'result' in response ? response.result : { error: response.error.message };
}
/** What UniSat's code answers. */
function theirs(run: () => string): unknown {
  try {
    return run();
  } catch (error) {
    return { error: (error as Error).message };
  }
}

interface Input {
  address: string;
  value: number;
  sighashType?: number;
  /** The whole previous transaction (p2pkh needs it). */
  nonWitness?: boolean;
  redeemScript?: Buffer;
  tapLeafScript?: { leafVersion: number; script: Buffer; controlBlock: Buffer }[];
  tapInternalKey?: Buffer;
}
function psbtOf(inputs: Input[], network: UnisatNetwork, outputs = [{ address: FOREIGN, value: 1000 }]): string {
  const psbt = new bitcoin.Psbt({ network: NET[network] });
  inputs.forEach((input, i) => {
    const script = Buffer.from(bitcoin.address.toOutputScript(input.address, NET[network]));
    const common = {
      ...(input.sighashType !== undefined && { sighashType: input.sighashType }),
      ...(input.redeemScript && { redeemScript: input.redeemScript }),
      ...(input.tapLeafScript && { tapLeafScript: input.tapLeafScript }),
      ...(input.tapInternalKey && { tapInternalKey: input.tapInternalKey }),
    };
    if (input.nonWitness) {
      const prev = new bitcoin.Transaction();
      prev.addInput(Buffer.from(fakeTxid(100 + i), 'hex'), 0);
      prev.addOutput(script, BigInt(input.value));
      psbt.addInput({ hash: prev.getId(), index: 0, nonWitnessUtxo: Buffer.from(prev.toBuffer()), ...common });
    } else {
      psbt.addInput({ hash: fakeTxid(i), index: i, witnessUtxo: { script, value: BigInt(input.value) }, ...common });
    }
  });
  // By script: the same output on either network.
  for (const output of outputs)
    psbt.addOutput({ script: Buffer.from(bitcoin.address.toOutputScript(output.address, NET.mainnet)), value: BigInt(output.value) });
  return psbt.toHex();
}

/** A taproot output whose one leaf is `<key> OP_CHECKSIG`, under another internal key: a script-path input. */
function leafInput(key: Buffer, network: UnisatNetwork): Input {
  const internalPubkey = Buffer.from(ecc.xOnlyPointFromScalar(createHash('sha256').update('internal').digest()));
  const leaf = { output: bitcoin.script.compile([key, bitcoin.opcodes['OP_CHECKSIG']!]) };
  const payment = bitcoin.payments.p2tr({ internalPubkey, scriptTree: leaf, redeem: leaf, network: NET[network] });
  const controlBlock = payment.witness![payment.witness!.length - 1]!;
  return {
    address: payment.address!,
    value: 7000,
    tapLeafScript: [{ leafVersion: 0xc0, script: Buffer.from(leaf.output), controlBlock: Buffer.from(controlBlock) }],
  };
}

interface Case {
  name: string;
  type: UnisatType;
  account?: number;
  network?: UnisatNetwork;
  inputs: (own: string, key: string) => Input[];
  options?: (own: string, key: string) => UnisatOptions | undefined;
}

const CASES: Case[] = [
  {
    name: 'p2wpkh, default mode: the own input signed and finalised',
    type: 'p2wpkh',
    inputs: (own) => [
      { address: own, value: 10_000 },
      { address: FOREIGN, value: 5000 },
    ],
  },
  { name: 'p2wpkh, autoFinalized false', type: 'p2wpkh', inputs: (own) => [{ address: own, value: 10_000 }], options: () => ({ autoFinalized: false }) },
  { name: 'p2wpkh on testnet, account 3', type: 'p2wpkh', account: 3, network: 'testnet', inputs: (own) => [{ address: own, value: 10_000 }] },
  {
    name: 'p2wpkh, toSignInputs by address and by key',
    type: 'p2wpkh',
    inputs: (own) => [
      { address: own, value: 10_000 },
      { address: own, value: 2000 },
    ],
    options: (own, key) => ({
      autoFinalized: false,
      toSignInputs: [
        { index: 1, publicKey: key },
        { index: 0, address: own },
      ],
    }),
  },
  {
    name: 'p2wpkh, an input asking SINGLE|ANYONECANPAY, allowed',
    type: 'p2wpkh',
    inputs: (own) => [{ address: own, value: 10_000, sighashType: 0x83 }],
    options: (own) => ({ autoFinalized: false, toSignInputs: [{ index: 0, address: own, sighashTypes: [0x83] }] }),
  },
  {
    name: 'p2wpkh, an input asking SINGLE|ANYONECANPAY, not allowed',
    type: 'p2wpkh',
    inputs: (own) => [{ address: own, value: 10_000, sighashType: 0x83 }],
    options: (own) => ({ toSignInputs: [{ index: 0, address: own }] }),
  },
  {
    name: "p2wpkh, default mode with the input's own sighash",
    type: 'p2wpkh',
    inputs: (own) => [{ address: own, value: 10_000, sighashType: 0x82 }],
    options: () => ({ autoFinalized: false }),
  },
  { name: 'p2wpkh, another wallet\'s input only: "sign all inputs" fails', type: 'p2wpkh', inputs: () => [{ address: FOREIGN, value: 10_000 }] },
  {
    name: "p2wpkh, toSignInputs naming another wallet's input",
    type: 'p2wpkh',
    inputs: (own) => [
      { address: own, value: 10_000 },
      { address: FOREIGN, value: 5000 },
    ],
    options: (own) => ({ toSignInputs: [{ index: 1, address: own }] }),
  },
  { name: 'p2tr, key path with no tapInternalKey: the wallet adds it', type: 'p2tr', inputs: (own) => [{ address: own, value: 10_000 }] },
  {
    name: 'p2tr, key path, autoFinalized false, on testnet',
    type: 'p2tr',
    network: 'testnet',
    inputs: (own) => [{ address: own, value: 10_000 }],
    options: () => ({ autoFinalized: false }),
  },
  {
    name: 'p2tr, key path with useTweakedSigner false: bitcoinjs finds nothing to sign',
    type: 'p2tr',
    inputs: (own) => [{ address: own, value: 10_000 }],
    options: (own) => ({ toSignInputs: [{ index: 0, address: own, useTweakedSigner: false }] }),
  },
  {
    name: 'p2tr, key path with disableTweakSigner true',
    type: 'p2tr',
    inputs: (own) => [{ address: own, value: 10_000 }],
    options: (own) => ({ toSignInputs: [{ index: 0, address: own, disableTweakSigner: true }] }),
  },
  {
    name: 'p2tr, a script-path leaf naming the account key (untweaked signer)',
    type: 'p2tr',
    inputs: (own, key) => [{ address: own, value: 10_000 }, leafInput(Buffer.from(key, 'hex').subarray(1), 'mainnet')],
    options: (_own, key) => ({
      autoFinalized: false,
      toSignInputs: [
        { index: 0, publicKey: key },
        { index: 1, publicKey: key },
      ],
    }),
  },
  {
    name: 'p2wpkh account, a key-path taproot input of its own key',
    type: 'p2wpkh',
    inputs: (_own, key) => [{ address: bitcoin.payments.p2tr({ internalPubkey: Buffer.from(key, 'hex').subarray(1) }).address!, value: 10_000 }],
    options: (_own, key) => ({ autoFinalized: false, toSignInputs: [{ index: 0, publicKey: key }] }),
  },
  {
    name: 'p2sh-p2wpkh with its redeem script',
    type: 'p2sh-p2wpkh',
    inputs: (own, key) => [{ address: own, value: 10_000, redeemScript: Buffer.from(bitcoin.payments.p2wpkh({ pubkey: Buffer.from(key, 'hex') }).output!) }],
  },
  { name: 'p2pkh with the whole previous transaction', type: 'p2pkh', inputs: (own) => [{ address: own, value: 10_000, nonWitness: true }] },
  { name: 'm44-p2tr, key path', type: 'm44-p2tr', inputs: (own) => [{ address: own, value: 10_000 }] },
  {
    name: 'an index past the last input',
    type: 'p2wpkh',
    inputs: (own) => [{ address: own, value: 10_000 }],
    options: (own) => ({ toSignInputs: [{ index: 4, address: own }] }),
  },
];

for (const c of CASES) {
  test(`signPsbt as UniSat's code: ${c.name}`, async () => {
    const network = c.network ?? 'mainnet';
    const account = replayAccount(c.type, c.account ?? 0, network);
    const hex = psbtOf(c.inputs(account.address, account.pubkey), network);
    const options = c.options?.(account.address, account.pubkey);
    const expected = theirs(() => replaySignPsbt(hex, options ? structuredClone(options) : undefined, account, network));
    expect(await ours('signPsbt', options ? [hex, options] : [hex], c.type, c.account ?? 0, network)).toEqual(expected);
  });
}

test("signMessage as UniSat's code: ECDSA for every type, BIP-322 where UniSat signs it, on both networks and two accounts", async () => {
  for (const type of ['p2wpkh', 'p2sh-p2wpkh', 'p2tr', 'p2pkh', 'm44-p2wpkh', 'm44-p2tr'] as UnisatType[]) {
    for (const network of ['mainnet', 'testnet'] as UnisatNetwork[]) {
      for (const index of [0, 2]) {
        const account = replayAccount(type, index, network);
        for (const kind of [undefined, 'ecdsa', 'bip322-simple']) {
          const args = kind ? ['Hello World', kind] : ['Hello World'];
          expect(await ours('signMessage', args, type, index, network), `${type} ${network} ${index} ${kind}`).toEqual(
            theirs(() => replaySignMessage('Hello World', kind, type, account, network)),
          );
        }
      }
    }
  }
});
