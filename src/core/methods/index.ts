// The method table: name → method. The router reads only this; a new method is one file and one line here.
import { getAddresses } from './get-addresses.ts';
import type { AnyMethod } from './method.ts';
import { sendTransfer } from './send-transfer.ts';
import { signMessage } from './sign-message.ts';
import { signPsbt } from './sign-psbt.ts';

export const METHODS: Readonly<Record<string, AnyMethod>> = Object.freeze({
  getAddresses,
  signPsbt,
  signMessage,
  sendTransfer,
});

export function methodNamed(name: string): AnyMethod | undefined {
  return Object.hasOwn(METHODS, name) ? METHODS[name] : undefined;
}
