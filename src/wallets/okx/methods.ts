// OKX's methods (docs/reference/okx.md §2): UniSat's, each bound to its object's network, and OKX's own:
// connect(), send({ from, to, value }), signMessage's default and its 'bip322' synonym, and a signPsbt
// that signs a taproot input only when the app gives its internal key.
import type { JsonValue } from '../../core/json.ts';
import { isPlainRecord } from '../../core/json.ts';
import { RPC_ERROR, RpcError } from '../../core/rpc.ts';
import { scriptKind, prevoutOf } from '../../core/bitcoin/psbt.ts';
import { describe } from '../../core/methods/fields.ts';
import type { AnyMethod, MethodContext } from '../../core/methods/method.ts';
import type { NetworkName } from '../../core/networks.ts';
import type { Settings } from '../../core/settings.ts';
import { equalBytes } from '@scure/btc-signer/utils.js';
import { UNISAT_METHODS } from '../unisat/methods/index.ts';
import { argsOf, failure, unisatMethod, unisatOf, withUnisatKeys } from '../unisat/methods/dialect.ts';
import { parse, toSignOf, type PsbtRequest } from '../unisat/methods/psbt.ts';
import { OKX_METHOD_NAMES, OKX_OBJECTS, type OkxObject } from './objects.ts';

/**
 * UniSat's methods read the wallet's network and UniSat's address type from the context; as OKX they
 * read the object's network and OKX's address type.
 */
export function asOkx(context: MethodContext): Promise<MethodContext> {
  return withUnisatKeys({ ...context, settings: { ...context.settings, network: context.target.network, unisatAddressType: context.settings.okxAddressType } });
}

const onNetwork = (settings: Settings, network: NetworkName): Settings => ({ ...settings, network, unisatAddressType: settings.okxAddressType });

/** A method on one object: the object's network, OKX's address type, the window saying OKX. */
function onObject(method: AnyMethod, network: NetworkName): AnyMethod {
  return {
    ...method,
    parse: (raw, settings) => method.parse(raw, onNetwork(settings, network)),
    network: () => network,
    ...(method.answersAtOnce && { answersAtOnce: (params: unknown, site: Parameters<NonNullable<AnyMethod['answersAtOnce']>>[1], settings: Settings) => method.answersAtOnce!(params, site, onNetwork(settings, network)) }),
    view: (params, context) => {
      const view = method.view(params, context);
      return { ...view, title: view.title.replace(/ — via UniSat$/, ` — via OKX (${network})`) };
    },
  };
}

const requestAccounts = UNISAT_METHODS.requestAccounts;

/** connect(): the connect window, then { address, publicKey, compressedPublicKey }; publicKey is x-only for taproot (its docs' example). */
const connect: AnyMethod = {
  ...requestAccounts,
  name: 'connect',
  async respond(params, context) {
    const outcome = await requestAccounts.respond(params, context);
    const account = await unisatOf(context);
    const publicKey = account.script === 'p2tr' ? account.publicKey.slice(2) : account.publicKey;
    return { ...outcome, result: { address: account.address, publicKey, compressedPublicKey: account.publicKey } };
  },
};

/** 'livenet' on okxwallet.bitcoin (its docs: "Don't support Testnet"); the other objects' own names. */
const getNetwork: AnyMethod = {
  ...UNISAT_METHODS.getNetwork,
  respond: async (_params, { target }) => ({ result: target.network === 'mainnet' ? 'livenet' : target.network }),
};

/** signMessage(text, type = 'ecdsa'): 'bip322' (LaserEyes sends it) is read as 'bip322-simple'. */
const signMessage: AnyMethod = {
  ...UNISAT_METHODS.signMessage,
  parse(raw, settings) {
    const args = argsOf('signMessage', raw, '["Hello World", "bip322-simple"]');
    return UNISAT_METHODS.signMessage.parse(args[1] === 'bip322' ? [args[0] ?? null, 'bip322-simple', ...args.slice(2)] : args, settings);
  },
};

/** OKX's docs: the app adds the public key of every taproot input; OKX does not add its own as UniSat does. */
const signPsbt: AnyMethod = {
  ...UNISAT_METHODS.signPsbt,
  async precheck(params, context) {
    await UNISAT_METHODS.signPsbt.precheck!(params, context);
    const request = params as PsbtRequest;
    const tx = parse(request.psbt);
    const account = await unisatOf(context);
    for (const { index } of toSignOf(tx, request, account)) {
      const input = index >= 0 && index < tx.inputsLength ? tx.getInput(index) : undefined;
      const prevout = input && prevoutOf(input);
      if (input && prevout && scriptKind(prevout.script) === 'p2tr' && equalBytes(prevout.script, account.outputScript) && !input.tapInternalKey) {
        throw failure(`input ${index} is this account's taproot input with no tapInternalKey: OKX signs a taproot input only when the app gives its public key (docs/reference/okx.md §2)`);
      }
    }
  },
};

/** send({ from, to, value }): sendBitcoin's window and transaction, answered { txhash } (Reown's sendTransfer calls it). */
const sendBitcoin = UNISAT_METHODS.sendBitcoin;
const send = unisatMethod<{ from?: string; transfer: unknown }>({
  name: 'send',
  kind: 'sign',
  gate: 'site',
  parse(raw, settings) {
    const [arg] = argsOf('send', raw, '[{ from, to, value }]');
    if (!isPlainRecord(arg)) throw failure(`send takes one object { from, to, value }, got ${arg === undefined ? 'nothing' : describe(arg)}`);
    const { from, to, value } = arg as Record<string, JsonValue>;
    if (from !== undefined && typeof from !== 'string') throw failure(`from must be an address, got ${describe(from)}`);
    return { ...(typeof from === 'string' && { from }), transfer: sendBitcoin.parse([to ?? null, value ?? null], settings) };
  },
  async precheck({ from }, context) {
    const { address } = await unisatOf(context);
    if (from !== undefined && from !== address) throw failure(`from ${from} is not this account's address (${address})`);
  },
  view: ({ transfer }, context) => ({ ...sendBitcoin.view(transfer, context), title: 'Send bitcoin' }),
  async respond({ transfer }, context) {
    const outcome = await sendBitcoin.respond(transfer, context);
    return { ...outcome, result: { txhash: outcome.result } };
  },
});

const OWN: Partial<Record<(typeof OKX_METHOD_NAMES)[number], AnyMethod>> = { connect, getNetwork, signMessage, signPsbt, send };
const shared = (name: (typeof OKX_METHOD_NAMES)[number]): AnyMethod => OWN[name] ?? UNISAT_METHODS[name as keyof typeof UNISAT_METHODS];

/** `<object>.<method>` for every object and method. */
export const OKX_METHODS: Readonly<Record<string, AnyMethod>> = Object.fromEntries(
  (Object.keys(OKX_OBJECTS) as OkxObject[]).flatMap((object) => OKX_METHOD_NAMES.map((name) => [`${object}.${name}`, onObject(shared(name), OKX_OBJECTS[object])])),
);

export function okxUnknownMethod(name: string): RpcError {
  const [object, method] = name.includes('.') ? name.split('.', 2) : [undefined, name];
  if (object !== undefined && !Object.hasOwn(OKX_OBJECTS, object)) {
    return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `OKX has no Bitcoin provider window.okxwallet.${object}: its providers are ${Object.keys(OKX_OBJECTS).join(', ')} (docs/reference/okx.md §1)`);
  }
  if (object === undefined) return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `OKX's methods are named by their provider object, e.g. bitcoin.${method} (docs/reference/okx.md §2)`);
  return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `window.okxwallet.${object} has no method ${method} in this mock (docs/reference/okx.md §2)`);
}
