// A well-formed request for every method of every wallet, for tests that run them all (the answer-path
// test, Xverse's schema test). Built by the libraries apps use (@stacks/transactions, bitcoinjs-lib).
import { Cl, makeUnsignedSTXTokenTransfer, serializeCV } from '@stacks/transactions';
import type { WalletName } from '../src/core/choices.ts';
import { buildPsbt } from './bitcoin-reference.ts';

export const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
/** Account 0's p2wpkh address (m/84'/0'/0'/0/0) of the default mnemonic. */
export const PAYMENT = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
/** Account 0's STX public key (m/44'/5757'/0'/0/0), which Xverse shares for account 0. */
const STX_KEY = '03d5d038bce81b3965314dba54f636f093c7dbdd6617cded013a53474fbccb100c';

const psbt = () => buildPsbt([{ address: PAYMENT, value: 10_000n }], [{ address: PAYMENT, value: 9_000n }]);
const unsigned = async (): Promise<string> =>
  (await makeUnsignedSTXTokenTransfer({ recipient: BOB, amount: 1n, fee: 300n, nonce: 0n, publicKey: STX_KEY, network: 'mainnet' })).serialize();

/** A PSBT whose one input is finalised (a placeholder witness): what pushPsbt takes, and its raw transaction pushTx's. */
function finalised(): { psbt: string; raw: string } {
  const built = psbt();
  built.updateInput(0, { finalScriptWitness: Buffer.from('0100', 'hex') });
  return { psbt: built.toHex(), raw: built.extractTransaction(true).toHex() };
}

/** UniSat's arguments, in order (docs/reference/unisat.md §3). */
function unisatArgs(method: string): unknown[] | undefined {
  switch (method) {
    case 'switchNetwork':
      return ['testnet'];
    case 'switchChain':
      return ['BITCOIN_TESTNET'];
    case 'getInscriptions':
      return [0, 20];
    case 'signMessage':
      return ['hi'];
    case 'signPsbt':
      return [psbt().toHex()];
    case 'signPsbts':
      return [[psbt().toHex()], [{ autoFinalized: false }]];
    case 'pushPsbt':
      return [finalised().psbt];
    case 'pushTx':
      return [finalised().raw];
    case 'sendBitcoin':
      return ['bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', 1000];
    default:
      return undefined;
  }
}

/** OKX's, by object: UniSat's arguments, and its own send(); a testnet object pays a testnet address. */
function okxArgs(name: string): unknown[] | undefined {
  const [object, method] = name.split('.') as [string, string];
  const to = object === 'bitcoin' ? 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj' : 'tb1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0';
  if (method === 'send') return [{ to, value: 1000 }];
  if (method === 'sendBitcoin') return [to, 1000];
  return unisatArgs(method);
}

/** Magic Eden's one argument: the method's payload as the unsecured JWT sats-connect sends (docs/reference/magiceden.md §2.1). */
function magicEdenArgs(method: string): [string] | undefined {
  const token = (payload: unknown): [string] => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return [`${part({ typ: 'JWT', alg: 'none' })}.${part(payload)}.`];
  };
  const toSign = () => ({ psbtBase64: psbt().toBase64(), inputsToSign: [{ address: PAYMENT, signingIndexes: [0] }] });
  switch (method) {
    case 'connect':
      return token({ purposes: ['ordinals', 'payment'], network: { type: 'Mainnet' } });
    case 'signMessage':
      return token({ address: PAYMENT, message: 'hi', network: { type: 'Mainnet' } });
    case 'signTransaction':
      return token({ ...toSign(), network: { type: 'Mainnet' }, message: 'Sign Transaction' });
    case 'signMultipleTransactions':
      return token({ psbts: [toSign(), toSign()], network: { type: 'Mainnet' } });
    case 'sendBtcTransaction':
      return token({ recipients: [{ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', amountSats: '1000' }], senderAddress: PAYMENT });
    default:
      return undefined;
  }
}

/** Oyl's, one object each (docs/reference/oyl.md §3): the account's own PSBT and payment address, a finalised PSBT to push. */
function oylArgs(method: string): unknown[] | undefined {
  switch (method) {
    case 'signMessage':
      return [{ address: PAYMENT, message: 'hi' }];
    case 'signPsbt':
      return [{ psbt: psbt().toHex(), finalize: false }];
    case 'signPsbts':
      return [[{ psbt: psbt().toHex() }]];
    case 'pushPsbt':
      return [{ psbt: finalised().psbt }];
    case 'switchNetwork':
      return ['testnet'];
    default:
      return undefined;
  }
}

/** Params `method` of `wallet` approves with (Bitcoin signatures by the p2wpkh key: ECDSA, deterministic); undefined: none. */
export async function sampleParams(wallet: WalletName, method: string): Promise<unknown> {
  if (['unisat', 'bitget', 'binance', 'onekey', 'wizz', 'opnet', 'keplr'].includes(wallet)) return unisatArgs(method);
  if (wallet === 'okx') return okxArgs(method);
  if (wallet === 'magiceden') return magicEdenArgs(method);
  if (wallet === 'oyl') return oylArgs(method);
  switch (method) {
    case 'getAccounts':
    case 'getAddresses':
      return wallet === 'xverse' || wallet === 'fordefi' ? { purposes: ['payment', 'ordinals', 'stacks'] } : undefined;
    case 'wallet_changeNetwork':
      return { name: 'Testnet' };
    case 'signMessage':
      return wallet === 'xverse' || wallet === 'fordefi' ? { address: PAYMENT, message: 'hi' } : { message: 'hi', paymentType: 'p2wpkh' };
    case 'signPsbt':
      return wallet === 'xverse' || wallet === 'fordefi' ? { psbt: psbt().toBase64(), signInputs: { [PAYMENT]: [0] } } : { hex: psbt().toHex() };
    case 'sendTransfer':
      return wallet === 'xverse' || wallet === 'fordefi'
        ? { recipients: [{ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', amount: 1000 }] }
        : { recipients: [{ address: 'bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj', amount: '1000' }] };
    case 'stx_transferStx':
      return { recipient: BOB, amount: '1000' };
    case 'stx_callContract':
      return { contract: `${BOB}.counter`, functionName: 'add', functionArgs: [serializeCV(Cl.uint(1))] };
    case 'stx_deployContract':
      return { name: 'hello', clarityCode: '(define-read-only (hi) (ok u1))' };
    case 'stx_signTransaction':
      return { transaction: await unsigned() };
    case 'stx_signTransactions':
      return { transactions: [await unsigned()] };
    case 'stx_signMessage':
      return { message: 'hi' };
    case 'stx_signStructuredMessage':
      return {
        domain: serializeCV(Cl.tuple({ name: Cl.stringAscii('x'), version: Cl.stringAscii('1'), 'chain-id': Cl.uint(1) })),
        message: serializeCV(Cl.stringAscii('hi')),
      };
    default:
      return wallet === 'xverse' || wallet === 'fordefi' ? null : undefined;
  }
}
