// stx_getAddresses: the real wallet answers it exactly as getAddresses (docs/reference/leather.md §7), not with the RPC package's bare array.
import { getAddresses } from './get-addresses.ts';
import type { AnyMethod } from '../../../core/methods/method.ts';

export const stxGetAddresses: AnyMethod = { ...getAddresses, name: 'stx_getAddresses' };
