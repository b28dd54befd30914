// Magic Eden's Bitcoin wallet, as its connectors call it (docs/reference/magiceden.md): window.magicEden.bitcoin and
// the same object in a Wallet Standard wallet, five methods each taking an unsecured JWT, bare answers, an Error
// with code 4001 for a rejection, accountsChanged. Its extension is closed: what no public source shows is this
// mock's reading, listed in the reference's §8.
import type { WalletRecord } from '../record.ts';
import { magicEdenEvents } from './events.ts';
import type { MagicEdenAddress, MagicEdenPurpose } from './methods/dialect.ts';
import { MAGIC_EDEN_METHODS, magicEdenUnknownMethod } from './methods/index.ts';
import { encodeToken } from './token.ts';
import { MAGIC_EDEN_ERROR } from './words.ts';

/** What Magic Eden adds to the shared types (core/wallet-types.ts). */
export interface MagicEdenTypes {
  settings: Record<never, never>;
  rules: never;
  /** connect's answer for the purposes asked (default: ordinals, then payment, as LaserEyes and Dynamic ask). */
  expected: { options: { purposes?: MagicEdenPurpose[] }; result: { addresses: MagicEdenAddress[] } };
}

declare module '../../core/wallet-types.ts' {
  interface WalletTypes {
    magiceden: MagicEdenTypes;
  }
}

export const magiceden: WalletRecord<'magiceden'> = {
  name: 'magiceden',
  title: 'Magic Eden',
  summary:
    "window.magicEden.bitcoin and a Wallet Standard wallet 'Magic Eden' (LaserEyes, bigmi, Dynamic, sats-connect's v1 calls): methods taking an unsecured JWT, Mainnet only.",
  docs: 'docs/wallets.md',
  settings: {},
  answers: 'bare',
  methods: MAGIC_EDEN_METHODS,
  unknownMethod: magicEdenUnknownMethod,
  rejectionCode: MAGIC_EDEN_ERROR.REJECTED,
  signer: 'active',
  keepsConnections: false,
  events: magicEdenEvents,
  usageRules: () => [],
  ruleNames: [],
  addressMethod: () => 'connect',
  addressRequest: ({ purposes = ['ordinals', 'payment'] }) => [encodeToken({ purposes: [...purposes] })],
  // In neither picker (@sats-connect/core DefaultAdaptersInfo and @stacks/connect's providers do not list it).
  pickers: {},
  cli: {
    help: "each method takes one argument, the unsecured JWT sats-connect's createUnsecuredToken(payload) makes (--params '[\"<token>\"]'); the answer is printed bare, and a rejection as the { code, message } the page's Error carries",
    example: `call connect --as magiceden --params '["${encodeToken({ purposes: ['payment'] })}"]'`,
  },
};
