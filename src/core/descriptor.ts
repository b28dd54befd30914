// Output descriptors (BIP-380/381/386) for a single key with its key origin.
// The checksum is BIP-380's polymod over the descriptor's character set.

const INPUT_CHARSET = '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(c: bigint, value: number): bigint {
  const top = c >> 35n;
  c = ((c & 0x7ffffffffn) << 5n) ^ BigInt(value);
  for (let i = 0; i < 5; i++) if ((top >> BigInt(i)) & 1n) c ^= GENERATORS[i]!;
  return c;
}

/** The 8-character BIP-380 checksum of a descriptor written without one. */
export function descriptorChecksum(descriptor: string): string {
  let c = 1n;
  let group = 0;
  let count = 0;
  for (const ch of descriptor) {
    const pos = INPUT_CHARSET.indexOf(ch);
    if (pos < 0) throw new Error(`descriptor contains a character outside BIP-380's set: ${JSON.stringify(ch)}`);
    c = polymod(c, pos & 31);
    group = group * 3 + (pos >> 5);
    if (++count === 3) {
      c = polymod(c, group);
      group = 0;
      count = 0;
    }
  }
  if (count > 0) c = polymod(c, group);
  for (let i = 0; i < 8; i++) c = polymod(c, 0);
  c ^= 1n;
  let out = '';
  for (let i = 0; i < 8; i++) out += CHECKSUM_CHARSET[Number((c >> BigInt(5 * (7 - i))) & 31n)];
  return out;
}

export function withChecksum(descriptor: string): string {
  return `${descriptor}#${descriptorChecksum(descriptor)}`;
}

/** `[fingerprint/84'/0'/0'/0/0]` from `m/84'/0'/0'/0/0`. */
function keyOrigin(fingerprint: string, path: string): string {
  return `[${fingerprint}${path.slice(1)}]`;
}

export function wpkhDescriptor(fingerprint: string, path: string, compressedKeyHex: string): string {
  return withChecksum(`wpkh(${keyOrigin(fingerprint, path)}${compressedKeyHex})`);
}

/** BIP-386: keys under tr() are x-only, so the internal key goes in without its parity byte. */
export function trDescriptor(fingerprint: string, path: string, xOnlyInternalKeyHex: string): string {
  return withChecksum(`tr(${keyOrigin(fingerprint, path)}${xOnlyInternalKeyHex})`);
}
