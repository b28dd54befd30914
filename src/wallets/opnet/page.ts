// MAIN world, document_start, registered only while the `identities` setting lists 'opnet': defines
// window.opnet as UniSat's page provider (../unisat/page-provider.ts), where LaserEyes looks for OP_NET.
import { defineUnwritable } from '../../page/runtime.ts';
import { unisatProvider } from '../unisat/page-provider.ts';

defineUnwritable('opnet', unisatProvider('opnet'));
