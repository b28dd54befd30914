// The account each origin last connected with (its last approved getAddresses): what
// the approval window compares against, and what accountRule 'site' signs with.
import { SessionMap } from './session-map.ts';

export const connections = new SessionMap<number>('site:');
