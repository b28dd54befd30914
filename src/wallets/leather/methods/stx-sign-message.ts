// stx_signMessage: a utf8 message (or, with messageType 'structured', SIP-018 data) signed RSV (docs/reference/leather.md §6.1–6.2).
import { Cl, type ClarityValue } from '@stacks/transactions';
import type { NetworkName } from '../../../core/networks.ts';
import { invalidParams } from '../../../core/rpc.ts';
import { clarityValue, sip018Domain } from '../../../core/stacks/clarity.ts';
import { signStacksMessage, signStacksStructured } from '../../../core/stacks/message.ts';
import { describe, paramsObject, requiredString, type Params } from '../../../core/methods/fields.ts';
import { USER_REJECTED, defineMethod, type MethodContext, type MethodView } from '../../../core/methods/method.ts';

/** The real wallet's cancel button says this; closing the window says USER_REJECTED. */
export const USER_DENIED_SIGNING = 'User denied signing';

/** stx_signMessage's network ids; anything else is refused, as the real wallet's schema does. */
const MESSAGE_NETWORKS: Record<string, NetworkName> = { mainnet: 'mainnet', testnet: 'testnet', devnet: 'devnet', mocknet: 'devnet' };

export type StacksMessageParams =
  | { kind: 'utf8'; message: string; address?: string; network?: NetworkName }
  | { kind: 'structured'; message: ClarityValue; domain: ClarityValue; address?: string; network?: NetworkName };

function readAddressAndNetwork(params: Params): { address?: string; network?: NetworkName } {
  const { address, network } = params;
  if (address !== undefined && typeof address !== 'string')
    throw invalidParams(`address must be the STX address getAddresses returned, got ${describe(address)}`);
  if (network !== undefined && (typeof network !== 'string' || !Object.hasOwn(MESSAGE_NETWORKS, network))) {
    throw invalidParams(`network must be one of ${Object.keys(MESSAGE_NETWORKS).join(', ')}, got ${describe(network)}`);
  }
  return { ...(address !== undefined && { address }), ...(network !== undefined && { network: MESSAGE_NETWORKS[network]! }) };
}

/** Parses SIP-018 params: shared with stx_signStructuredMessage. */
export function readStructured(params: Params): StacksMessageParams {
  return {
    kind: 'structured',
    message: clarityValue(params['message'], 'message'),
    domain: sip018Domain(params['domain'], 'domain'),
    ...readAddressAndNetwork(params),
  };
}

export function messageView(params: StacksMessageParams, { keys }: MethodContext): MethodView {
  const fields =
    params.kind === 'utf8'
      ? [{ label: 'Message', value: params.message }]
      : [
          { label: 'Message', value: Cl.prettyPrint(params.message, 2) },
          { label: 'Domain', value: Cl.prettyPrint(params.domain) },
        ];
  return {
    title: params.kind === 'utf8' ? 'Sign message' : 'Sign structured data',
    fields: [...fields, { label: 'Signing address', value: keys.stx.address }],
    tables: [],
  };
}

export async function signMessageOutcome(params: StacksMessageParams, context: MethodContext) {
  const key = (await context.secrets()).stx;
  const signature = params.kind === 'utf8' ? signStacksMessage(params.message, key) : signStacksStructured(params.message, params.domain, key);
  return { result: { signature, publicKey: context.keys.stx.publicKey } };
}

export const stxSignMessage = defineMethod<StacksMessageParams>({
  name: 'stx_signMessage',
  kind: 'sign',
  parse(raw) {
    const params = paramsObject('stx_signMessage', raw, '{ message, messageType? }');
    const type = params['messageType'] ?? 'utf8';
    if (type === 'structured') return readStructured(params);
    if (type !== 'utf8') throw invalidParams(`messageType must be "utf8" or "structured", got ${describe(type)}`);
    return { kind: 'utf8', message: requiredString(params, 'message'), ...readAddressAndNetwork(params) };
  },
  requestedAccount: (params) => params.address,
  // The network changes neither key nor signature; it picks which STX address is shown.
  network: (params, settings) => params.network ?? settings.network,
  view: messageView,
  respond: signMessageOutcome,
  rejection: { rejected: USER_DENIED_SIGNING, closed: USER_REJECTED },
});
