import { test, expect } from '@playwright/test';
import { descriptorChecksum, trDescriptor, withChecksum, wpkhDescriptor } from './descriptor.ts';

test('BIP-380 checksum vector and its invalid variants', () => {
  // BIP-380 test vectors: raw(deadbeef)#89f8spxm is the valid one.
  expect(withChecksum('raw(deadbeef)')).toBe('raw(deadbeef)#89f8spxm');
  // "raw(deedbeef)#89f8spxm" is listed as invalid: a changed payload must change the checksum.
  expect(descriptorChecksum('raw(deedbeef)')).not.toBe('89f8spxm');
  // Bitcoin Core's documented addr() example.
  expect(descriptorChecksum('addr(mkmZxiEcEd8ZqjQWVZuC6so5dFMKEFpN2j)')).toBe('02wpgw69');
});

test('checksum refuses characters outside the BIP-380 set', () => {
  expect(() => descriptorChecksum('raw(Ü)')).toThrow(/outside BIP-380/);
});

test('wpkh and tr descriptors carry the key origin and a checksum', () => {
  const key = '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c';
  const wpkh = wpkhDescriptor('73c5da0a', "m/84'/0'/0'/0/0", key);
  expect(wpkh.startsWith(`wpkh([73c5da0a/84'/0'/0'/0/0]${key})#`)).toBe(true);
  expect(descriptorChecksum(wpkh.split('#')[0]!)).toBe(wpkh.split('#')[1]);
  const tr = trDescriptor('73c5da0a', "m/86'/0'/0'/0/0", key.slice(2));
  expect(tr.startsWith(`tr([73c5da0a/86'/0'/0'/0/0]${key.slice(2)})#`)).toBe(true);
});
