// The provider's type on `window`, for app and test code: `import type {} from 'mock-wallet-provider/window'`.
import type { RpcResponse } from './core/rpc.ts';

/** What the wallet injects: one method, as the contract describes it. */
export interface WalletProvider {
  /** Resolves with a JSON-RPC 2.0 success envelope; rejects with the error envelope. */
  request(method: string, params?: unknown): Promise<RpcResponse>;
  request(request: { method: string; params?: unknown }): Promise<RpcResponse>;
}

declare global {
  interface Window {
    /** Injected by the mock wallet extension (absent when it is not installed). */
    readonly WalletProvider?: WalletProvider;
  }
}
