// getVersion: the UniSat release this identity follows (docs/reference/unisat.md §0, §3.3).
import { noArgs, unisatQuery } from './dialect.ts';

/** The UniSat release whose code this identity follows (docs/reference/unisat.md §0). */
export const UNISAT_VERSION = '1.7.4';

export const getVersion = unisatQuery('getVersion', 'site', noArgs('getVersion'), async () => ({ result: UNISAT_VERSION }));
