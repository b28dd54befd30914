// MAIN world, document_start, registered only while the `identities` setting lists 'unisat': defines
// window.unisat (and its alias window.unisat_wallet) as UniSat's page provider does, then says so with
// the window event 'unisat#initialized' (docs/reference/unisat.md §1.1). Like every provider here it
// holds no secret and no control: it talks to the wallet through its own relay line.
import { defineUnwritable, fire, plainEvent } from '../../page/runtime.ts';
import { unisatProvider } from './page-provider.ts';

const provider = unisatProvider('unisat');
defineUnwritable('unisat', provider);
defineUnwritable('unisat_wallet', provider);
fire(window, plainEvent('unisat#initialized'));
