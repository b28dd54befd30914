// The Stacks node's RPC routes (/v2, stacks-network/stacks-core, stackslib/src/net/api/*.rs and
// docs/rpc/openapi.yaml) and the Hiro API routes (/extended/v1, hirosystems/stacks-blockchain-api,
// src/api/routes/v1) that @stacks/transactions, @stacks/connect apps and wallets call, over a
// StacksChain. Replies keep the real ones' field names, types and statuses: the node refuses bad input
// with 400 and a text message ("Failed to decode: …"), a refused transaction with 400 and JSON; the
// Hiro API answers errors as Fastify does ({ statusCode, error, message }).
import {
  StacksTransactionWire,
  StacksWireType,
  cvToHex,
  deserializeStacksWire,
  deserializeTransaction,
  hexToCV,
  type ClarityValue,
} from '@stacks/transactions';
import type { JsonValue } from '../../core/json.ts';
import { json, text, type ChainReply, type ChainRequest, type Routes } from '../http.ts';
import { hex128 } from './admission.ts';
import { checkPrincipal, type StacksChain } from './chain.ts';
import { noncesJson, simnetHash, stxJson, txJson } from './hiro.ts';
import { field } from './postconditions.ts';

const decodeError = (message: string): ChainReply => text(`Failed to decode: ${message}`, 400);
const hiroError = (status: 400 | 404, message: string): ChainReply =>
  json({ statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found', message }, status);

/** PEER_VERSION_TESTNET (stacks-common/src/libcommon.rs): 0xfacade00 and the highest epoch the node knows (4.0). */
const PEER_VERSION_TESTNET = 0xfacade10;
/** The chain id of testnet, and the regtest Bitcoin magic a devnet node's parent network has. */
const CHAIN_ID_TESTNET = 0x80000000;
const REGTEST_MAGIC = 0xdab5bffa;

const bodyText = (body: Uint8Array): string => new TextDecoder().decode(body);

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(bodyText(body)) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is { [key: string]: unknown } => typeof value === 'object' && value !== null && !Array.isArray(value);
const hexBytes = (hex: string): Uint8Array | undefined =>
  /^([0-9a-fA-F]{2})*$/.test(hex) ? Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16)) : undefined;

/** POST /v2/transactions takes the bytes (application/octet-stream) or JSON { tx: hex, attachment? }. */
function postedTransaction(body: Uint8Array): StacksTransactionWire | ChainReply {
  if (body.length === 0) return decodeError('Invalid Http request: expected non-zero-length body for PostTransaction');
  let bytes = body;
  // The request's Content-Type does not reach the routes; a transaction's first byte is its version
  // (0x00 or 0x80), never '{', so a JSON body is told apart by its first byte.
  if (body[0] === 0x7b) {
    const parsed = parseJson(body);
    if (!isRecord(parsed) || typeof parsed['tx'] !== 'string') return decodeError('Failed to parse body');
    const decoded = hexBytes(parsed['tx']);
    if (!decoded) return decodeError('Failed to parse tx');
    bytes = decoded;
  }
  try {
    return deserializeTransaction(bytes);
  } catch (error) {
    return decodeError(`Failed to deserialize posted transaction: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function postTransaction(chain: StacksChain, body: Uint8Array): Promise<ChainReply> {
  const tx = postedTransaction(body);
  if (!(tx instanceof StacksTransactionWire)) return tx;
  const outcome = await chain.submit(tx);
  if (outcome.accepted) return json(outcome.txid);
  return json({ txid: outcome.txid, error: 'transaction rejected', ...outcome.rejection }, 400);
}

async function info(chain: StacksChain): Promise<ChainReply> {
  const i = await chain.info();
  const consensus = simnetHash(i.burnHeight, 3);
  return json({
    peer_version: PEER_VERSION_TESTNET,
    pox_consensus: consensus,
    burn_block_height: i.burnHeight,
    stable_pox_consensus: consensus,
    stable_burn_block_height: i.burnHeight,
    server_version: `stacks-node (mock-wallet-provider: Clarinet simnet, epoch ${i.epoch})`,
    network_id: CHAIN_ID_TESTNET,
    parent_network_id: REGTEST_MAGIC,
    stacks_tip_height: i.stacksHeight,
    stacks_tip: simnetHash(i.stacksHeight, 1),
    stacks_tip_consensus_hash: consensus,
    genesis_chainstate_hash: '0'.repeat(64),
    unanchored_tip: null,
    unanchored_seq: null,
    tenure_height: i.tenureHeight,
    exit_at_block_height: null,
    is_fully_synced: true,
  });
}

/** GET /v2/accounts/:principal. The node proves with its MARF unless ?proof=0; this chain has no MARF: its proofs are empty. */
async function account(chain: StacksChain, principal: string, query: URLSearchParams): Promise<ChainReply> {
  const a = await chain.account(principal);
  const reply: { [key: string]: JsonValue } = { balance: hex128(a.unlocked), locked: hex128(a.locked), unlock_height: a.unlockHeight, nonce: a.nonce };
  if (query.get('proof') !== '0') Object.assign(reply, { balance_proof: '', nonce_proof: '' });
  return json(reply);
}

/**
 * POST /v2/fees/transaction. A node with no fee history answers NoEstimateAvailable; this one always
 * estimates: 1, 2 and 3 µSTX per byte of the estimated length (the node's floor is 1 per byte), costs 0.
 */
function feeEstimate(body: Uint8Array): ChainReply {
  const parsed = parseJson(body);
  if (!isRecord(parsed) || typeof parsed['transaction_payload'] !== 'string')
    return decodeError('Failed to parse JSON body: missing field `transaction_payload`');
  const payload = hexBytes(parsed['transaction_payload'].replace(/^0x/, ''));
  if (!payload) return decodeError('Bad hex string supplied for transaction payload');
  try {
    deserializeStacksWire(payload, StacksWireType.Payload);
  } catch (error) {
    return text(`Failed to decode due to SIP-003 codec error: ${error instanceof Error ? error.message : String(error)}`, 400);
  }
  const estimated = typeof parsed['estimated_len'] === 'number' ? parsed['estimated_len'] : 0;
  const length = Math.max(estimated, payload.length);
  return json({
    estimated_cost: { read_count: 0, read_length: 0, runtime: 0, write_count: 0, write_length: 0 },
    estimated_cost_scalar: length,
    estimations: [1, 2, 3].map((rate) => ({ fee_rate: rate, fee: rate * length })),
    cost_scalar_change_by_byte: 1,
  });
}

async function callRead(chain: StacksChain, id: string, fn: string, body: Uint8Array): Promise<ChainReply> {
  const parsed = parseJson(body);
  if (!isRecord(parsed) || typeof parsed['sender'] !== 'string' || !Array.isArray(parsed['arguments'])) return decodeError('Failed to parse JSON body');
  const sender = parsed['sender'];
  try {
    checkPrincipal(sender);
  } catch {
    return decodeError('Failed to parse sender principal');
  }
  const args: ClarityValue[] = [];
  for (const arg of parsed['arguments']) {
    try {
      if (typeof arg !== 'string') throw new Error('not a string');
      args.push(hexToCV(arg));
    } catch {
      return decodeError('Failed to deserialize argument value');
    }
  }
  const outcome = await chain.readOnly(id, fn, args, sender);
  return json(outcome.okay ? { okay: true, result: cvToHex(outcome.result) } : { okay: false, cause: outcome.cause });
}

/** POST /v2/map_entry/:address/:contract/:map: the body is the key, a JSON string of its hex. */
async function mapEntry(chain: StacksChain, id: string, map: string, body: Uint8Array, query: URLSearchParams): Promise<ChainReply> {
  const key = parseJson(body);
  let value: ClarityValue;
  try {
    if (typeof key !== 'string') throw new Error('not a string');
    value = hexToCV(key);
  } catch {
    return decodeError('Failed to parse JSON body');
  }
  const entry = await chain.mapEntry(id, map, value);
  return json({ data: cvToHex(entry), ...(query.get('proof') === '0' ? {} : { proof: '' }) });
}

/**
 * What the chain's own mined transactions moved for a principal, by asset ('STX' or a token id), its
 * fees, and what its mempool transactions would move. Control calls and genesis are not counted.
 */
function flows(chain: StacksChain, principal: string) {
  const moved = new Map<string, { sent: bigint; received: bigint }>();
  const move = (asset: string, key: 'sent' | 'received', amount: bigint): void => {
    const entry = moved.get(asset) ?? { sent: 0n, received: 0n };
    moved.set(asset, { ...entry, [key]: entry[key] + amount });
  };
  let fees = 0n;
  let pendingIn = 0n;
  let pendingOut = 0n;
  for (const record of chain.records()) {
    const { info } = record;
    const payer = info.sponsor ?? info.origin;
    if (record.state === 'waiting') {
      if (record.status !== 'pending') continue;
      const amount = info.payload.kind === 'transfer' ? info.payload.amount : 0n;
      if (payer === principal) pendingOut += info.fee;
      if (info.origin === principal) pendingOut += amount;
      if (info.payload.kind === 'transfer' && info.payload.recipient === principal) pendingIn += amount;
      continue;
    }
    if (payer === principal) fees += info.fee;
    for (const event of record.events) {
      if (event.event === 'stx_lock_event' || event.event === 'print_event') continue;
      const asset = event.event.startsWith('stx_') ? 'STX' : field(event, 'asset_identifier');
      // An NFT event moves one token; the others say how much.
      const amount = event.event.startsWith('nft_') ? 1n : BigInt(field(event, 'amount') || '0');
      if (field(event, 'sender') === principal) move(asset, 'sent', amount);
      if (field(event, 'recipient') === principal) move(asset, 'received', amount);
    }
  }
  return { moved, fees, pendingIn, pendingOut };
}

async function stx(chain: StacksChain, principal: string) {
  const a = await chain.account(principal);
  const { moved, fees, pendingIn, pendingOut } = flows(chain, principal);
  const { sent, received } = moved.get('STX') ?? { sent: 0n, received: 0n };
  return stxJson({ balance: a.unlocked + a.locked, locked: a.locked, unlockHeight: a.unlockHeight, sent, received, fees, pendingIn, pendingOut });
}

/**
 * Fungible and non-fungible balances from simnet's assets map, whose keys name a token by contract
 * name and token name only (".contract.token"): the contracts the chain knows give the full ids.
 */
async function tokens(chain: StacksChain, principal: string): Promise<{ fungible_tokens: JsonValue; non_fungible_tokens: JsonValue }> {
  const assets = await chain.assets();
  const { moved } = flows(chain, principal);
  const fungible: { [key: string]: JsonValue } = {};
  const nonFungible: { [key: string]: JsonValue } = {};
  for (const [id, entry] of chain.contracts()) {
    const name = id.split('.')[1] ?? '';
    for (const [kind, out] of [
      ['fungible_tokens', fungible],
      ['non_fungible_tokens', nonFungible],
    ] as const) {
      const list = entry.abi[kind];
      if (!Array.isArray(list)) continue;
      for (const token of list) {
        const tokenName = isRecord(token) && typeof token['name'] === 'string' ? token['name'] : '';
        const held = assets.get(`.${name}.${tokenName}`)?.get(principal);
        if (held === undefined) continue;
        const asset = `${id}::${tokenName}`;
        const { sent, received } = moved.get(asset) ?? { sent: 0n, received: 0n };
        const totals = { total_sent: String(sent), total_received: String(received) };
        out[asset] = kind === 'fungible_tokens' ? { balance: String(held), ...totals } : { count: String(held), ...totals };
      }
    }
  }
  return { fungible_tokens: fungible, non_fungible_tokens: nonFungible };
}

/**
 * What the node's path patterns take as a principal (PRINCIPAL_DATA_REGEX_STRING, clarity-types/src/
 * representations.rs): a path that does not match is no route of the node's (404); one that matches
 * but does not decode is a bad request (400).
 */
const NODE_PRINCIPAL = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{28,41}(\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127})?$/;

/** Decodes one path segment; undefined if it is not valid percent-encoding. */
function segment(raw: string | undefined): string | undefined {
  try {
    return raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The node's and the Hiro API's routes over a chain. */
export function stacksRoutes(chain: StacksChain): Routes {
  return async ({ method, path, query, body }: ChainRequest): Promise<ChainReply | undefined> => {
    const parts = path.split('/').slice(1).map(segment);
    if (parts.some((p) => p === undefined)) return text('bad percent-encoding in the path', 400);
    const p = parts as string[];
    const route = `${method} /${p.slice(0, 2).join('/')}`;
    const validPrincipal = (principal: string | undefined): principal is string => {
      try {
        return principal !== undefined && checkPrincipal(principal) === principal;
      } catch {
        return false;
      }
    };

    if (route === 'GET /v2/info' && p.length === 2) return info(chain);
    if (route === 'GET /v2/accounts' && p.length === 3) {
      if (!NODE_PRINCIPAL.test(p[2] ?? '')) return undefined;
      return validPrincipal(p[2]) ? account(chain, p[2], query) : decodeError(`Failed to parse principal ${p[2]}`);
    }
    if (route === 'GET /v2/fees' && p[2] === 'transfer' && p.length === 3) return json(1);
    if (route === 'POST /v2/fees' && p[2] === 'transaction' && p.length === 3) return feeEstimate(body);
    if (route === 'POST /v2/transactions' && p.length === 2) return postTransaction(chain, body);
    if (p[0] === 'v2' && p[1] === 'contracts' && p.length >= 5) {
      const [, , kind, address, name, fn] = p;
      const id = `${address}.${name}`;
      if (!NODE_PRINCIPAL.test(id)) return undefined;
      if (!validPrincipal(id)) return decodeError(`Failed to parse contract identifier ${id}`);
      if (method === 'GET' && kind === 'interface' && p.length === 5) {
        const entry = chain.contract(id);
        return entry ? json(entry.abi) : text('No contract interface data found', 404);
      }
      if (method === 'GET' && kind === 'source' && p.length === 5) {
        const source = await chain.source(id);
        const height = chain.contract(id)?.height ?? 0;
        return source === undefined
          ? text('No contract source data found', 404)
          : json({ source, publish_height: height, ...(query.get('proof') === '0' ? {} : { proof: '' }) });
      }
      if (method === 'POST' && kind === 'call-read' && p.length === 6 && fn) return callRead(chain, id, fn, body);
    }
    if (route === 'POST /v2/map_entry' && p.length === 5) {
      const id = `${p[2]}.${p[3]}`;
      if (!NODE_PRINCIPAL.test(id)) return undefined;
      return validPrincipal(id) ? mapEntry(chain, id, p[4] ?? '', body, query) : decodeError(`Failed to parse contract identifier ${id}`);
    }

    if (method === 'GET' && p[0] === 'extended' && p[1] === 'v1') {
      if (p[2] === 'tx' && p.length === 4) {
        const txid = (p[3] ?? '').toLowerCase().replace(/^0x/, '');
        if (!/^[0-9a-f]{64}$/.test(txid)) return hiroError(400, 'Invalid hash characters');
        const record = chain.tx(txid);
        return record ? json(txJson(record, (id) => chain.contract(id))) : hiroError(404, 'could not find transaction by ID');
      }
      if (p[2] === 'address' && p.length === 5) {
        const principal = p[3];
        if (!validPrincipal(principal)) return hiroError(400, `invalid STX address "${principal ?? ''}"`);
        switch (p[4]) {
          case 'nonces': {
            const waiting = chain
              .records()
              .flatMap((r) => (r.state === 'waiting' && r.status === 'pending' && r.info.origin === principal ? [r.info.originNonce] : []));
            return json(noncesJson(chain.nonce(principal), waiting));
          }
          case 'stx':
            return json(await stx(chain, principal));
          case 'balances':
            return json({ stx: await stx(chain, principal), ...(await tokens(chain, principal)) });
        }
      }
    }
    return undefined;
  };
}
