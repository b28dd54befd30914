// MAIN world, document_start, registered only while the `identities` setting lists 'bitget': defines
// window.bitkeep.unisat as UniSat's page provider (../unisat/page-provider.ts), the object Bitget's connectors read.
// Bitget does not occupy window.unisat here (its isBinance / isBitKeep flag would hide UniSat from bigmi).
import { defineUnwritable } from '../../page/runtime.ts';
import { unisatProvider } from '../unisat/page-provider.ts';

defineUnwritable('bitkeep', { unisat: unisatProvider('bitget') });
