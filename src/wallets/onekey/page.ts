// MAIN world, document_start, registered only while the `identities` setting lists 'onekey': defines
// window.$onekey.btc as UniSat's page provider (../unisat/page-provider.ts), the object OneKey's connectors read.
// OneKey does not occupy window.unisat here (its isBinance / isBitKeep flag would hide UniSat from bigmi).
import { defineUnwritable } from '../../page/runtime.ts';
import { unisatProvider } from '../unisat/page-provider.ts';

defineUnwritable('$onekey', { btc: unisatProvider('onekey') });
