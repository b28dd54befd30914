// MAIN world, document_start, registered only while the `identities` setting lists 'keplr': defines
// window.keplr.bitcoin and window.bitcoin_keplr as UniSat's page provider (../unisat/page-provider.ts), where LaserEyes looks for Keplr.
import { defineUnwritable } from '../../page/runtime.ts';
import { unisatProvider } from '../unisat/page-provider.ts';

const provider = unisatProvider('keplr');
defineUnwritable('keplr', { bitcoin: provider });
defineUnwritable('bitcoin_keplr', provider);
