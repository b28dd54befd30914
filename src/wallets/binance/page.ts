// MAIN world, document_start, registered only while the `identities` setting lists 'binance': defines
// window.binancew3w.bitcoin as UniSat's page provider (../unisat/page-provider.ts), the object Binance Web3 Wallet's connectors read.
// Binance Web3 Wallet does not occupy window.unisat here (its isBinance / isBitKeep flag would hide UniSat from bigmi).
import { defineUnwritable } from '../../page/runtime.ts';
import { unisatProvider } from '../unisat/page-provider.ts';

defineUnwritable('binancew3w', { bitcoin: unisatProvider('binance') });
