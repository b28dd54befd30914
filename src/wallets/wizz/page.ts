// MAIN world, document_start, registered only while the `identities` setting lists 'wizz': defines
// window.wizz as UniSat's page provider (../unisat/page-provider.ts), where LaserEyes looks for Wizz.
import { defineUnwritable } from '../../page/runtime.ts';
import { unisatProvider } from '../unisat/page-provider.ts';

defineUnwritable('wizz', unisatProvider('wizz'));
