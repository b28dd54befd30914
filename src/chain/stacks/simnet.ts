// The process's one Clarinet simnet, and a session on it whose state can be rewound.
//
// Clarinet's SDK (stx-labs/clarinet, components/clarinet-sdk-wasm/src/core.rs) holds one session at a
// time. Its first initSession for a manifest deploys the boot contracts and the project (~4 s here, a
// further ~2 s per extra SDK instance); it caches the result per manifest path, and a later initSession
// for the same path clones that cache (~45 ms). Nothing else in its API copies or restores a state, so a
// session here is that cached start plus a log of the operations run since: rewinding to a point is a
// fresh clone and a replay of the log up to it. Simnet is deterministic (block times advance by fixed
// steps from the cached genesis), so a replay gives the same state.
import type { Simnet } from '@stacks/clarinet-sdk';

type Sdk = typeof import('@stacks/clarinet-sdk');
/**
 * The SDK's module, imported on first use: importing it costs about 0.2 s and sets
 * BigInt.prototype.toJSON for the whole process, which a kit that never starts a chain must not do.
 */
let sdkModule: Sdk | undefined;

/** The SDK's transaction builders (`tx.transferSTX`…): there once a simnet has loaded. */
export function txBuilders(): Sdk['tx'] {
  if (!sdkModule) throw new Error('the Stacks chain used before simnet loaded');
  return sdkModule.tx;
}

export type { Simnet };
export type Epoch = Parameters<Simnet['setEpoch']>[0];
/** An operation on simnet's state, replayed as is on a rewind. */
export type Op = (simnet: Simnet) => unknown;

/** The SDK while it loads (once per process, or again after a panic), then the SDK itself. */
let loading: Promise<Simnet> | undefined;
let sdk: Simnet | undefined;
/** The session whose state the SDK holds now. */
let owner: Session | undefined;
/** Every use of the SDK, one at a time, whichever chain it is for: a rewind awaits, and nothing may touch a half-loaded session. */
let queue: Promise<unknown> = Promise.resolve();

export function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn);
  queue = run.catch(() => undefined);
  return run;
}

function load(): Promise<Simnet> {
  loading ??= import('@stacks/clarinet-sdk')
    .catch((error: unknown) => {
      // An optional peer dependency of the package: a project that wants the Stacks chain installs it.
      if ((error as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') {
        throw new Error(
          "the Stacks chain runs Clarinet's simnet: npm install -D @stacks/clarinet-sdk@3.21.0 (or start the chain with stacks: false, mock-wallet chain --no-stacks)",
        );
      }
      throw error;
    })
    .then((module) => (sdkModule = module).getSDK())
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * Simnet prints contract `print`s and runtime errors to the console (the wasm glue calls console.log
 * and console.error, clarinet_sdk.js); a chain in a test runner keeps quiet. The calls are synchronous,
 * so nothing else runs while the console is swapped.
 */
function quietly<T>(fn: () => T): T {
  const { log, error } = console;
  console.log = () => {};
  console.error = () => {};
  try {
    return fn();
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** A Rust panic in the wasm leaves the SDK object borrowed for good ("recursive use of an object"). */
const isPanic = (error: unknown): boolean => error instanceof WebAssembly.RuntimeError;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Simnet panicked running an operation: it is dropped, and the chain rebuilt without it. */
export class SimnetPanic extends Error {}

export class Session {
  private readonly log: Op[] = [];

  /**
   * @param manifest the Clarinet.toml simnet loads (its deployment is cached per path)
   * @param base operations after every load, before the log (funding, the epoch)
   */
  private constructor(
    private readonly manifest: string,
    private readonly base: readonly Op[],
  ) {}

  static open(manifest: string, base: readonly Op[]): Promise<Session> {
    const session = new Session(manifest, base);
    return exclusive(async () => {
      await session.rewind([]);
      return session;
    });
  }

  /** The log so far: a snapshot keeps it, a rewind takes it back. */
  ops(): readonly Op[] {
    return this.log.slice();
  }

  /** Makes the SDK hold this session's state: another session (another chain) may have taken it. Inside exclusive(). */
  async ready(): Promise<void> {
    if (owner !== this) await this.rewind(this.log.slice());
  }

  /** Runs an operation that changes the state, and logs it. It must follow ready(). */
  run<T>(op: (simnet: Simnet) => T): T {
    const simnet = this.current();
    this.log.push(op);
    try {
      return quietly(() => op(simnet));
    } catch (error) {
      if (!isPanic(error)) throw error;
      // The state behind the panic is unknown: the next ready() rebuilds it without this operation.
      this.log.pop();
      loading = sdk = owner = undefined;
      throw new SimnetPanic(`simnet panicked (${message(error)}); the chain is rebuilt without this operation`);
    }
  }

  /** Reads the state without changing it (nothing logged). It must follow ready(). */
  read<T>(fn: (simnet: Simnet) => T): T {
    const simnet = this.current();
    return quietly(() => fn(simnet));
  }

  /** Whether the log is exactly `ops` (the same operations), so a rewind to them would change nothing. */
  holds(ops: readonly Op[]): boolean {
    return owner === this && ops.length === this.log.length && ops.every((op, i) => op === this.log[i]);
  }

  /** Back to the cached start, then the base and `ops` replayed: ~45 ms plus the replay. Inside exclusive(). */
  async rewind(ops: readonly Op[]): Promise<void> {
    owner = undefined;
    const simnet = (sdk = await load());
    // A first load writes the project's deployments/default.simnet-plan.yaml and says so, after an
    // await: only that line is held back while it runs, anything else logged meanwhile goes through.
    const { log } = console;
    console.log = (...args: unknown[]) => void (args[0] === 'Updated deployment plan file' || log(...args));
    try {
      await simnet.initSession(process.cwd(), this.manifest, null);
    } catch (error) {
      throw new Error(`simnet could not load ${this.manifest}: ${message(error)}`);
    } finally {
      console.log = log;
    }
    const replay = [...ops];
    this.log.length = 0;
    try {
      for (const op of this.base) quietly(() => op(simnet));
      for (const op of replay) {
        this.log.push(op);
        // An operation that failed when it first ran (a runtime error) fails again, the same way.
        try {
          quietly(() => op(simnet));
        } catch (error) {
          if (isPanic(error)) throw error;
        }
      }
    } catch (error) {
      loading = sdk = undefined;
      throw new Error(`simnet could not replay the chain: ${message(error)}`);
    }
    owner = this;
  }

  private current(): Simnet {
    if (owner !== this || !sdk) throw new Error('simnet session used before ready()');
    return sdk;
  }
}
