// OKX's methods (docs/reference/okx.md §2): UniSat's, each bound to its object's network, and OKX's own:
// connect(), send({ from, to, value }), signMessage's default and its 'bip322' synonym, and a signPsbt
// that signs a taproot input only when the app gives its internal key.
import { RPC_ERROR, RpcError } from '../../../core/rpc.ts';
import type { AnyMethod, MethodContext } from '../../../core/methods/method.ts';
import type { NetworkName } from '../../../core/networks.ts';
import type { Settings } from '../../../core/settings.ts';
import { UNISAT_METHODS } from '../../unisat/methods/index.ts';
import { withUnisatKeys } from '../../unisat/methods/dialect.ts';
import { OKX_METHOD_NAMES, OKX_OBJECTS, type OkxObject } from '../objects.ts';
import { connect } from './connect.ts';
import { getNetwork } from './get-network.ts';
import { signMessage } from './sign-message.ts';
import { signPsbt } from './sign-psbt.ts';
import { send } from './send.ts';

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
    ...(method.answersAtOnce && {
      answersAtOnce: (params: unknown, site: Parameters<NonNullable<AnyMethod['answersAtOnce']>>[1], settings: Settings) =>
        method.answersAtOnce!(params, site, onNetwork(settings, network)),
    }),
    view: async (params, context) => {
      const view = await method.view(params, context);
      return { ...view, title: view.title.replace(/ — via UniSat$/, ` — via OKX (${network})`) };
    },
  };
}

const OWN: Partial<Record<(typeof OKX_METHOD_NAMES)[number], AnyMethod>> = { connect, getNetwork, signMessage, signPsbt, send };
const shared = (name: (typeof OKX_METHOD_NAMES)[number]): AnyMethod => OWN[name] ?? UNISAT_METHODS[name as keyof typeof UNISAT_METHODS];

/** `<object>.<method>` for every object and method. */
export const OKX_METHODS: Readonly<Record<string, AnyMethod>> = Object.fromEntries(
  (Object.keys(OKX_OBJECTS) as OkxObject[]).flatMap((object) =>
    OKX_METHOD_NAMES.map((name) => [`${object}.${name}`, onObject(shared(name), OKX_OBJECTS[object])]),
  ),
);

export function okxUnknownMethod(name: string): RpcError {
  const [object, method] = name.includes('.') ? name.split('.', 2) : [undefined, name];
  if (object !== undefined && !Object.hasOwn(OKX_OBJECTS, object)) {
    return new RpcError(
      RPC_ERROR.METHOD_NOT_FOUND,
      `OKX has no Bitcoin provider window.okxwallet.${object}: its providers are ${Object.keys(OKX_OBJECTS).join(', ')} (docs/reference/okx.md §1)`,
    );
  }
  if (object === undefined)
    return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `OKX's methods are named by their provider object, e.g. bitcoin.${method} (docs/reference/okx.md §2)`);
  return new RpcError(RPC_ERROR.METHOD_NOT_FOUND, `window.okxwallet.${object} has no method ${method} in this mock (docs/reference/okx.md §2)`);
}
