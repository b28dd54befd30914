// Xverse's fee for a Stacks transaction that names none (secretkeylabs/xverse-core v39.1.0, fees.ts
// estimateStacksTransactionWithFallback; xverse-web-extension bdbd6a0, ContractCallRequest.tsx and
// confirmStxTransactionComponent): the node's middle estimate for a contract call, its low one for a
// transfer or a deploy. Xverse then applies a multiplier and a cap read from its own API at run time,
// which no public source shows: this mock applies neither. No estimate: the wallet's default fee.
import { DEFAULT_STACKS_FEE } from '../../core/stacks/transaction.ts';
import type { StacksFeeRule } from '../../core/stacks/fees.ts';

export const xverseFee: StacksFeeRule = (kind, estimates) => (estimates ? estimates[kind === 'call' ? 1 : 0]! : DEFAULT_STACKS_FEE);
