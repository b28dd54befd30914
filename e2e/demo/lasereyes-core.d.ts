// The part of @omnisat/lasereyes-core 0.0.85's own declarations (dist/index.d.ts, dist/client/index.d.ts)
// the demo app uses. The package is bundled from its tarball (scripts/lasereyes.ts), not installed, so
// the type check, which runs before the build fetches it, reads these.
declare module '@omnisat/lasereyes-core' {
  export const MAINNET = 'mainnet';
  export const TESTNET = 'testnet';
  export const UNISAT = 'unisat';
  export const OKX = 'okx';
  export const WIZZ = 'wizz';
  export const OP_NET = 'op_net';
  export const KEPLR = 'keplr';
  export const BINANCE = 'binance';
  export const MAGIC_EDEN = 'magic-eden';
  export const OYL = 'oyl';
  export const XVERSE = 'xverse';
  export const LEATHER = 'leather';
  type NetworkType = string;
  type ProviderType = string;
  interface Store<T> {
    get(): T;
    subscribe(listener: (value: T) => void): () => void;
  }
  interface LaserEyesStoreType {
    connected: boolean;
    isConnecting: boolean;
    provider?: ProviderType;
    address: string;
    paymentAddress: string;
    publicKey: string;
    paymentPublicKey: string;
    accounts: string[];
    hasProvider: Record<string, boolean | undefined>;
  }
  export interface SignPsbtResponse {
    signedPsbtHex: string | undefined;
    signedPsbtBase64: string | undefined;
    txId?: string;
  }
  export class LaserEyesClient {
    readonly $store: Store<LaserEyesStoreType>;
    readonly $network: Store<NetworkType>;
    constructor(stores: object, config?: { network?: NetworkType });
    initialize(): void;
    connect(wallet: ProviderType): Promise<void>;
    disconnect(): void;
    switchNetwork(network: NetworkType): Promise<void>;
    getNetwork(): Promise<string | undefined>;
    getPublicKey(): Promise<string | undefined>;
    getBalance(): Promise<string | number | bigint | undefined>;
    requestAccounts(): Promise<string[] | undefined>;
    signMessage(message: string, options?: { protocol?: 'ecdsa' | 'bip322'; toSignAddress?: string }): Promise<string>;
    signPsbt(options: { tx: string; finalize?: boolean; broadcast?: boolean; inputsToSign?: { index: number; address: string }[] }): Promise<SignPsbtResponse>;
    sendBTC(to: string, amount: number): Promise<string>;
  }
  export function createStores(): object;
  export function createConfig(config?: { network?: NetworkType }): { network?: NetworkType };
}
