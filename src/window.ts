// The provider's type on `window`, for app and test code: `import type {} from 'mock-wallet-provider/window'`.
import type { RpcResponse } from './core/rpc.ts';

/** What the wallet injects: the contract's one method, and the real wallet's marker. */
export interface WalletProvider {
  /** As the real wallet: @stacks/connect sends it the real wallet's parameter shapes. */
  readonly isLeather: true;
  /** Resolves with a JSON-RPC 2.0 success envelope; rejects with the error envelope. */
  request(method: string, params?: unknown): Promise<RpcResponse>;
  request(request: { method: string; params?: unknown }): Promise<RpcResponse>;
}

declare global {
  interface Window {
    /** Injected by the mock wallet extension (absent when it is not installed). */
    readonly WalletProvider?: WalletProvider;
    // LeatherProvider / StacksProvider (the `exposeAs` setting) are not declared here: apps
    // that use them usually declare them with @leather.io/rpc's type, and two declarations clash.
  }
}
