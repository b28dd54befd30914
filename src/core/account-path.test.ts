import { test, expect } from '@playwright/test';
import { accountFromDerivationPath, accountLabel } from './account-path.ts';

test('reads the account segment, hardened marker removed', () => {
  expect(accountFromDerivationPath("m/84'/0'/6'/0/0")).toBe(6);
  expect(accountFromDerivationPath("m/86'/1'/1'/0/0")).toBe(1);
  expect(accountFromDerivationPath("m/84'/0'/0'/0/0")).toBe(0);
  expect(accountFromDerivationPath("m/84'/0'/2147483647'/0/0")).toBe(2147483647);
  expect(accountLabel(6)).toBe('Account 7');
});

test('a non-integer account segment is an error, as the contract requires', () => {
  for (const path of ["m/84'/0'/x'/0/0", "m/84'/0'/1.5'/0/0", "m/84'/0'/-1'/0/0", "m/84'/0'/'/0/0", "m/84'/0'/1a'/0/0", "m/84'/0'/ 1'/0/0", "m/84'/0'"]) {
    expect(() => accountFromDerivationPath(path), path).toThrow(/account segment|no account segment/);
  }
  expect(() => accountFromDerivationPath(42 as unknown as string)).toThrow(TypeError);
});
