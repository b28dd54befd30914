// A Stacks chain in process for tests: Clarinet's simnet loaded with the app's Clarinet project (or an
// empty one), the wallet's accounts funded, a mempool and nonces in front of it as the node keeps them.
// Simnet runs a call at once and mines a block for it, so a transaction is mined when it is sent (or
// when the nonce it waits for comes): one block per transaction.
import type { ClarityEvent } from './ledger.ts';
import type { CallResult, StacksControl } from './control.ts';
import { hexToCV, type ClarityValue, type StacksTransactionWire } from '@stacks/transactions';
import { MAX_LISTED_ACCOUNTS } from '../../core/account-path.ts';
import { DEFAULT_MNEMONIC, normalizeMnemonic } from '../../core/mnemonic.ts';
import { serve, type Served } from '../http.ts';
import { admission, type AdmissionView, type Rejection } from './admission.ts';
import { contractEntry, defaultClarityVersion, execute, plainJson } from './execute.ts';
import { Ledger, type ContractEntry, type TxRecord, type WaitingTx } from './ledger.ts';
import { emptyProject, walletAddresses } from './project.ts';
import { Session, exclusive, type Epoch, type Op, type Simnet } from './simnet.ts';
import { isTestnetPrincipal, txInfo } from './txinfo.ts';

export interface StacksChainOptions {
  /** The app's Clarinet.toml: its contracts are deployed as its simnet plan says. Default: an empty project. */
  project?: string;
  /** The wallet's mnemonic (default: the public test phrase `abandon ×11 about`). */
  mnemonic?: string;
  /** How many of the wallet's accounts to fund, from account 0 (default 10). */
  accounts?: number;
  /** µSTX each account gets (default 100 000 000 STX). */
  microStx?: bigint;
  /** The Stacks epoch. Default: Clarinet's for a new project (its SDK's default) for the empty project; an app project keeps its plan's. */
  epoch?: Epoch;
}

export const DEFAULT_ACCOUNTS = 10;
export const DEFAULT_MICRO_STX = 100_000_000_000_000n;
/** Simnet's block batches take amounts as JS numbers: balances stay below 2^53 µSTX (9 007 199 254 STX). */
const MAX_MICRO_STX = BigInt(Number.MAX_SAFE_INTEGER);

export type { CallResult } from './control.ts';

/** A point to come back to: simnet's operations so far and the chain's own records. */
export interface StacksSnapshot {
  readonly ops: readonly Op[];
  readonly ledger: Ledger;
}

export type Submission = { accepted: true; txid: string } | { accepted: false; txid: string; rejection: Rejection };

export interface StxAccount {
  unlocked: bigint;
  locked: bigint;
  unlockHeight: number;
  nonce: number;
}

export interface ChainInfo {
  stacksHeight: number;
  burnHeight: number;
  tenureHeight: number;
  epoch: string;
}

const PRINCIPAL = /^S[0-9A-Z]{27,40}(\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,127})?$/;

/** A principal the chain can name in Clarity (checked before it goes into a snippet). */
export function checkPrincipal(principal: string): string {
  if (!PRINCIPAL.test(principal) || !isTestnetPrincipal(principal)) throw new Error(`not a testnet Stacks principal: ${JSON.stringify(principal)}`);
  return principal;
}

function checkAmount(microStx: bigint, what: string): bigint {
  if (typeof microStx !== 'bigint' || microStx <= 0n || microStx > MAX_MICRO_STX)
    throw new RangeError(`${what} must be a bigint from 1 to ${MAX_MICRO_STX} µSTX, got ${String(microStx)}`);
  return microStx;
}

const defaultEpoch = (simnet: Simnet): Epoch => (simnet.constructor as unknown as { getDefaultEpoch(): Epoch }).getDefaultEpoch();

const now = (): number => Math.floor(Date.now() / 1000);

export class StacksChain implements StacksControl {
  private ledger: Ledger;
  private readonly start: StacksSnapshot;

  private constructor(
    private readonly session: Session,
    ledger: Ledger,
    /** The wallet's funded accounts on testnet, account 0 first. */
    readonly accounts: readonly string[],
    /** The project's deployer: the default sender of deployContract. */
    readonly deployer: string,
  ) {
    this.ledger = ledger;
    this.start = { ops: session.ops(), ledger: ledger.copy() };
  }

  /** Loads simnet (~4 s for the process's first chain, ~50 ms for the next one of the same project). */
  static async start(options: StacksChainOptions = {}): Promise<StacksChain> {
    const mnemonic = normalizeMnemonic(options.mnemonic ?? DEFAULT_MNEMONIC);
    const count = options.accounts ?? DEFAULT_ACCOUNTS;
    if (!Number.isInteger(count) || count < 0 || count > MAX_LISTED_ACCOUNTS)
      throw new RangeError(`accounts must be a whole number from 0 to ${MAX_LISTED_ACCOUNTS}, got ${count}`);
    const microStx = checkAmount(options.microStx ?? DEFAULT_MICRO_STX, 'microStx');
    const accounts = await walletAddresses(mnemonic, count);
    const epoch = options.epoch;
    let manifest: string;
    const base: Op[] = [];
    if (options.project === undefined) {
      // The wallet's accounts are the project's genesis accounts (settings/Devnet.toml).
      manifest = emptyProject({ mnemonic, count, microStx });
      base.push((simnet) => simnet.setEpoch(epoch ?? defaultEpoch(simnet)));
    } else {
      // The app's own accounts stay as its Devnet.toml has them; the wallet's get minted on top.
      manifest = options.project;
      for (const address of accounts) base.push((simnet) => simnet.mintSTX(address, microStx));
      if (epoch !== undefined) base.push((simnet) => simnet.setEpoch(epoch));
    }
    const session = await Session.open(manifest, base);
    const ledger = new Ledger();
    // Boot and project contracts: their sources stay simnet's, read when asked for.
    const deployer = session.read((simnet) => {
      for (const [id, abi] of simnet.getContractsInterfaces()) ledger.contracts.set(id, { abi: plainJson(abi), source: undefined, height: 0 });
      return simnet.deployer;
    });
    return new StacksChain(session, ledger, accounts, deployer);
  }

  /** Serves the node and API routes (stacksRoutes) on 127.0.0.1; port 0: any free port. */
  async serve(port = 0): Promise<Served> {
    const { stacksRoutes } = await import('./api.ts');
    return serve(stacksRoutes(this), port);
  }

  // ---- controls a test calls ----

  /** Mints µSTX to an address (simnet's mintSTX; no transaction, no block). */
  fund(address: string, microStx: bigint): Promise<void> {
    return this.serial(async () => {
      checkPrincipal(address);
      const after = checkAmount(microStx, 'microStx') + this.stx(address).unlocked;
      checkAmount(after, 'the funded balance');
      this.session.run((simnet) => simnet.mintSTX(address, microStx));
    });
  }

  /**
   * Deploys a contract in one block, as `sender` (default: the deployer), without a fee; its nonce is
   * used. Clarity version: the epoch's default unless given.
   */
  deployContract(name: string, source: string, sender = this.deployer, clarityVersion?: number): Promise<CallResult> {
    return this.serial(async () => {
      checkPrincipal(sender);
      const id = `${sender}.${name}`;
      // Simnet panics on a second contract of the same name (its metadata already exists).
      if (this.ledger.contracts.has(id)) throw new Error(`contract ${id} already exists`);
      const outcome = this.session.run((simnet) => {
        const version = clarityVersion ?? defaultClarityVersion(simnet);
        return simnet.deployContract(name, source, { clarityVersion: version } as Parameters<Simnet['deployContract']>[2], sender);
      });
      this.ledger.bump(sender);
      const entry = this.session.read((simnet) => contractEntry(simnet, id, source));
      if (entry) this.ledger.contracts.set(id, entry);
      return this.callResult(outcome);
    });
  }

  /** Calls a public function in one block, as `sender`, without a fee or post-conditions; its nonce is used. */
  callPublic(contract: string, fn: string, args: ClarityValue[], sender: string): Promise<CallResult> {
    return this.serial(async () => {
      checkPrincipal(sender);
      const id = this.contractId(contract);
      const outcome = this.session.run((simnet) => simnet.callPublicFn(id, fn, args, sender));
      this.ledger.bump(sender);
      return this.callResult(outcome);
    });
  }

  /** A read-only function's value (nothing mined). */
  callReadOnly(contract: string, fn: string, args: ClarityValue[], sender = this.deployer): Promise<ClarityValue> {
    return this.serial(async () => {
      checkPrincipal(sender);
      const id = this.contractId(contract);
      return this.session.read((simnet) => simnet.callReadOnlyFn(id, fn, args, sender).result as ClarityValue);
    });
  }

  /** Mines empty blocks (burn blocks, each with a Stacks block, as Clarinet's mineEmptyBlocks); the new Stacks height. */
  mine(blocks = 1): Promise<number> {
    return this.serial(async () => {
      if (!Number.isInteger(blocks) || blocks < 1 || blocks > 100_000) throw new RangeError(`blocks must be a whole number from 1 to 100000, got ${blocks}`);
      this.session.run((simnet) => simnet.mineEmptyBlocks(blocks));
      return this.session.read((simnet) => simnet.stacksBlockHeight);
    });
  }

  /** A transaction the chain was sent (txid with or without 0x), mined or waiting. */
  tx(txid: string): TxRecord | undefined {
    return this.ledger.txs.get(txid.replace(/^0x/, '').toLowerCase());
  }

  /** µSTX the address can spend (its unlocked balance). */
  balance(address: string): Promise<bigint> {
    return this.serial(async () => this.stx(checkPrincipal(address)).unlocked);
  }

  /** The address's next nonce on chain (transactions waiting in the mempool not counted). */
  nonce(address: string): number {
    return this.ledger.nonce(address);
  }

  /** This moment, to restore later. Taking one costs nothing. */
  snapshot(): StacksSnapshot {
    return { ops: this.session.ops(), ledger: this.ledger.copy() };
  }

  /** Back to a snapshot: nothing to do if the chain has not changed since; else ~45 ms and a replay of what came before it. */
  restore(snapshot: StacksSnapshot): Promise<void> {
    return this.serial(async () => {
      if (!this.session.holds(snapshot.ops)) await this.session.rewind(snapshot.ops);
      this.ledger = snapshot.ledger.copy();
    });
  }

  /** Back to the chain as it started. */
  reset(): Promise<void> {
    return this.restore(this.start);
  }

  // ---- what the routes read and do ----

  /** A signed transaction, taken as the node's mempool takes it, then mined if its nonces have come. */
  submit(tx: StacksTransactionWire): Promise<Submission> {
    return this.serial(async () => {
      const info = txInfo(tx);
      const { txid } = info;
      // The node answers with the txid and does nothing when its mempool already has it (posttransaction.rs).
      if (this.ledger.txs.has(txid)) return { accepted: true, txid };
      const rejection = admission(tx, info, this.view());
      if (rejection) return { accepted: false, txid, rejection };
      // MemPoolDB::try_add_tx: a waiting transaction keeps its origin nonce unless the new one pays more.
      const rival = this.ledger.waiting().find((w) => w.info.origin === info.origin && w.info.originNonce === info.originNonce);
      if (rival) {
        if (info.fee <= rival.info.fee) return { accepted: false, txid, rejection: { reason: 'ConflictingNonceInMempool' } };
        this.ledger.txs.set(rival.info.txid, { ...rival, status: 'dropped_replace_by_fee', replacedBy: txid });
      }
      this.ledger.txs.set(txid, { state: 'waiting', info, tx, status: 'pending', replacedBy: null, received: now() });
      await this.mineReady();
      return { accepted: true, txid };
    });
  }

  account(principal: string): Promise<StxAccount> {
    return this.serial(async () => this.stx(checkPrincipal(principal)));
  }

  info(): Promise<ChainInfo> {
    return this.serial(async () =>
      this.session.read((simnet) => {
        const epoch = simnet.currentEpoch;
        const tenure = Number(epoch) >= 3 ? hexToCV(simnet.runSnippet('tenure-height')) : undefined;
        return {
          stacksHeight: simnet.stacksBlockHeight,
          burnHeight: simnet.burnBlockHeight,
          tenureHeight: tenure?.type === 'uint' ? Number(tenure.value) : simnet.burnBlockHeight,
          epoch,
        };
      }),
    );
  }

  contract(id: string): ContractEntry | undefined {
    return this.ledger.contracts.get(id);
  }

  /** Every contract the chain knows: boot, project and deployed ones. */
  contracts(): [string, ContractEntry][] {
    return [...this.ledger.contracts];
  }

  /** A contract's source: the one deployed through the chain, else simnet's (boot and project contracts). */
  source(id: string): Promise<string | undefined> {
    const entry = this.contract(id);
    if (!entry) return Promise.resolve(undefined);
    if (entry.source !== undefined) return Promise.resolve(entry.source);
    return this.serial(async () => this.session.read((simnet) => simnet.getContractSource(id)));
  }

  /** POST /v2/contracts/call-read: simnet's callReadOnlyFn (which runs define-read-only functions only). */
  readOnly(id: string, fn: string, args: ClarityValue[], sender: string): Promise<{ okay: true; result: ClarityValue } | { okay: false; cause: string }> {
    return this.serial(async () => {
      const functions = this.contract(id)?.abi['functions'];
      const found = Array.isArray(functions) ? functions.find((f) => typeof f === 'object' && f !== null && !Array.isArray(f) && f['name'] === fn) : undefined;
      if (found && typeof found === 'object' && !Array.isArray(found) && found['access'] === 'public') return { okay: false, cause: 'NotReadOnly' };
      try {
        return { okay: true, result: this.session.read((simnet) => simnet.callReadOnlyFn(id, fn, args, sender).result as ClarityValue) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { okay: false, cause: message.split(' -> ').pop() ?? message };
      }
    });
  }

  /** A map entry as the node gives it: (some value), or none when the key has no entry. */
  mapEntry(id: string, map: string, key: ClarityValue): Promise<ClarityValue> {
    return this.serial(async () => {
      try {
        return this.session.read((simnet) => simnet.getMapEntry(id, map, key) as ClarityValue);
      } catch {
        // simnet throws "value not found" for an absent key
        return { type: 'none' } as ClarityValue;
      }
    });
  }

  /** Simnet's assets map: STX and every token, by holder. */
  assets(): Promise<Map<string, Map<string, bigint>>> {
    return this.serial(async () => this.session.read((simnet) => simnet.getAssetsMap()));
  }

  /** The transactions the chain has, in the order it received them. */
  records(): TxRecord[] {
    return [...this.ledger.txs.values()];
  }

  // ---- inside ----

  /** One simnet operation at a time in the process (all chains share the SDK), on this chain's state. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    return exclusive(async () => {
      await this.session.ready();
      return fn();
    });
  }

  private contractId(contract: string): string {
    const id = contract.startsWith('.') ? `${this.deployer}${contract}` : contract.includes('.') ? contract : `${this.deployer}.${contract}`;
    checkPrincipal(id);
    return id;
  }

  private callResult(outcome: { result: unknown; events: ClarityEvent[] }): CallResult {
    return { result: outcome.result as ClarityValue, events: outcome.events, blockHeight: this.session.read((simnet) => simnet.stacksBlockHeight) };
  }

  /** (stx-account principal): what it can spend, what is locked, and its nonce. */
  private stx(principal: string): StxAccount {
    const value = hexToCV(this.session.read((simnet) => simnet.runSnippet(`(stx-account '${principal})`)));
    if (value.type !== 'tuple') throw new Error(`simnet gave no account for ${principal}`);
    const uint = (key: string): bigint => {
      const v = value.value[key];
      return v?.type === 'uint' ? BigInt(v.value) : 0n;
    };
    return { unlocked: uint('unlocked'), locked: uint('locked'), unlockHeight: Number(uint('unlock-height')), nonce: this.ledger.nonce(principal) };
  }

  private view(): AdmissionView {
    const epoch = Number(this.session.read((simnet) => simnet.currentEpoch));
    return {
      epoch,
      nonce: (principal) => this.ledger.nonce(principal),
      available: (principal) => this.stx(principal).unlocked,
      contract: (id) => this.ledger.contracts.get(id),
    };
  }

  /** Whether a waiting transaction's nonces (origin's, and sponsor's) are the accounts' next ones. */
  private due(w: WaitingTx): boolean {
    const { origin, originNonce, sponsor, sponsorNonce } = w.info;
    return originNonce === this.ledger.nonce(origin) && (sponsor === undefined || sponsorNonce === this.ledger.nonce(sponsor));
  }

  /** Mines the waiting transactions whose nonces have come, one block each, until none can go. */
  private async mineReady(): Promise<void> {
    for (;;) {
      await this.session.ready();
      const next = this.ledger.waiting().find((w) => w.problem === undefined && this.due(w));
      if (!next) return;
      const { txid } = next.info;
      // A miner checks a transaction again when it takes it: the funds it counted on may be gone.
      const rejection = admission(next.tx, next.info, this.view());
      if (rejection) {
        this.ledger.txs.set(txid, { ...next, problem: rejection.reason });
        continue;
      }
      const outcome = await execute(this.session, next.tx, next.info, next.received);
      if ('problem' in outcome) {
        this.ledger.txs.set(txid, { ...next, problem: outcome.problem });
        continue;
      }
      this.ledger.txs.set(txid, outcome.mined);
      this.ledger.bump(next.info.origin);
      if (next.info.sponsor !== undefined) this.ledger.bump(next.info.sponsor);
      if (outcome.contract) this.ledger.contracts.set(outcome.contract.id, outcome.contract.entry);
    }
  }
}
