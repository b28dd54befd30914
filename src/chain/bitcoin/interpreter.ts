// Every input's script, run by a real interpreter: bitcore-lib's port of Bitcoin Core's
// VerifyScript (segwit v0, Taproot key and script paths). Nothing here checks a signature itself.
import { createRequire } from 'node:module';
import type Bitcore from 'bitcore-lib';

/** bitcore-lib, loaded on first use (about 140 ms): a kit that never starts a chain never pays it. */
let loaded: typeof Bitcore | undefined;
const lib = (): typeof Bitcore => (loaded ??= createRequire(import.meta.url)('bitcore-lib') as typeof Bitcore);

const flag = (name: string): number => {
  const value = lib().Script.Interpreter[`SCRIPT_VERIFY_${name}`];
  if (typeof value !== 'number') throw new Error(`bitcore-lib has no SCRIPT_VERIFY_${name}: its interpreter changed`);
  return value;
};
const flags = (names: string[]): number => names.reduce((all, name) => all | flag(name), 0);

/** Consensus flags a block checks (Bitcoin Core v29, src/policy/policy.h MANDATORY_SCRIPT_VERIFY_FLAGS). */
const mandatory = () => flags(['P2SH', 'DERSIG', 'NULLDUMMY', 'CHECKLOCKTIMEVERIFY', 'CHECKSEQUENCEVERIFY', 'WITNESS', 'TAPROOT']);
/**
 * What the mempool also asks (policy.h STANDARD_SCRIPT_VERIFY_FLAGS), less CLEANSTACK: bitcore-lib
 * 11.5.1 checks it on the stack left by the scriptSig, where Core checks the stack left by the
 * scriptPubKey (lib/script/interpreter.js, Interpreter.prototype.verify), so with it every native
 * segwit spend fails. Witness scripts still need a clean stack: that rule is consensus, inside
 * the witness program's execution, and bitcore-lib applies it there.
 */
export const standardFlags = () =>
  mandatory() |
  flags([
    'STRICTENC',
    'MINIMALDATA',
    'DISCOURAGE_UPGRADABLE_NOPS',
    'MINIMALIF',
    'NULLFAIL',
    'LOW_S',
    'DISCOURAGE_UPGRADABLE_WITNESS_PROGRAM',
    'WITNESS_PUBKEYTYPE',
    'CONST_SCRIPTCODE',
    'DISCOURAGE_UPGRADABLE_TAPROOT_VERSION',
    'DISCOURAGE_OP_SUCCESS',
    'DISCOURAGE_UPGRADABLE_PUBKEYTYPE',
  ]);

/** Bitcoin Core's words for a script error (src/script/script_error.cpp ScriptErrorString), by bitcore's error name. */
const WORDS: Record<string, string> = {
  EVAL_FALSE: 'Script evaluated without error but finished with a false/empty top stack element',
  EVAL_FALSE_IN_STACK: 'Script evaluated without error but finished with a false/empty top stack element',
  EVAL_FALSE_NO_RESULT: 'Script evaluated without error but finished with a false/empty top stack element',
  VERIFY: 'Script failed an OP_VERIFY operation',
  EQUALVERIFY: 'Script failed an OP_EQUALVERIFY operation',
  CHECKMULTISIGVERIFY: 'Script failed an OP_CHECKMULTISIGVERIFY operation',
  CHECKSIGVERIFY: 'Script failed an OP_CHECKSIGVERIFY operation',
  NUMEQUALVERIFY: 'Script failed an OP_NUMEQUALVERIFY operation',
  SCRIPT_SIZE: 'Script is too big',
  PUSH_SIZE: 'Push value size limit exceeded',
  OP_COUNT: 'Operation limit exceeded',
  STACK_SIZE: 'Stack size limit exceeded',
  SIG_COUNT: 'Signature count negative or greater than pubkey count',
  PUBKEY_COUNT: 'Pubkey count negative or limit exceeded',
  BAD_OPCODE: 'Opcode missing or not understood',
  UNDEFINED_OPCODE: 'Opcode missing or not understood',
  DISABLED_OPCODE: 'Attempted to use a disabled opcode',
  INVALID_STACK_OPERATION: 'Operation not valid with the current stack size',
  INVALID_ALTSTACK_OPERATION: 'Operation not valid with the current altstack size',
  OP_RETURN: 'OP_RETURN was encountered',
  UNBALANCED_CONDITIONAL: 'Invalid OP_IF construction',
  NEGATIVE_LOCKTIME: 'Negative locktime',
  UNSATISFIED_LOCKTIME: 'Locktime requirement not satisfied',
  SIG_HASHTYPE: 'Signature hash type missing or not understood',
  SIG_DER_INVALID_FORMAT: 'Non-canonical DER signature',
  SIG_DER_HIGH_S: 'Non-canonical signature: S value is unnecessarily high',
  MINIMALDATA: 'Data push larger than necessary',
  SIG_PUSHONLY: 'Only push operators allowed in signatures',
  SIG_NULLDUMMY: 'Dummy CHECKMULTISIG argument must be zero',
  MINIMALIF: 'OP_IF/NOTIF argument must be minimal',
  SIG_NULLFAIL: 'Signature must be zero for failed CHECK(MULTI)SIG operation',
  NULLFAIL: 'Signature must be zero for failed CHECK(MULTI)SIG operation',
  DISCOURAGE_UPGRADABLE_NOPS: 'NOPx reserved for soft-fork upgrades',
  DISCOURAGE_UPGRADABLE_WITNESS_PROGRAM: 'Witness version reserved for soft-fork upgrades',
  DISCOURAGE_UPGRADABLE_TAPROOT_VERSION: 'Taproot version reserved for soft-fork upgrades',
  DISCOURAGE_OP_SUCCESS: 'OP_SUCCESSx reserved for soft-fork upgrades',
  DISCOURAGE_UPGRADABLE_PUBKEYTYPE: 'Public key version reserved for soft-fork upgrades',
  PUBKEYTYPE: 'Public key is neither compressed or uncompressed',
  CLEANSTACK: 'Stack size must be exactly one after execution',
  WITNESS_PROGRAM_WRONG_LENGTH: 'Witness program has incorrect length',
  WITNESS_PROGRAM_WITNESS_EMPTY: 'Witness program was passed an empty witness',
  WITNESS_PROGRAM_MISMATCH: 'Witness program hash mismatch',
  WITNESS_MALLEATED: 'Witness requires empty scriptSig',
  WITNESS_UNEXPECTED: 'Witness provided for non-witness script',
  WITNESS_PUBKEYTYPE: 'Using non-compressed keys in segwit',
  SCHNORR_SIG_SIZE: 'Invalid Schnorr signature size',
  SCHNORR_SIG_HASHTYPE: 'Invalid Schnorr signature hash type',
  SCHNORR_SIG: 'Invalid Schnorr signature',
  TAPROOT_WRONG_CONTROL_SIZE: 'Invalid Taproot control block size',
  TAPSCRIPT_VALIDATION_WEIGHT: 'Too much signature validation relative to witness weight',
  TAPSCRIPT_MINIMALIF: 'OP_IF/NOTIF argument must be minimal in tapscript',
  OP_CODESEPARATOR: 'Using OP_CODESEPARATOR in non-witness script',
  SIG_FINDANDDELETE: 'Signature is found in scriptCode',
};

const words = (errstr: string): string => WORDS[errstr.replace(/^SCRIPT_ERR_/, '')] ?? 'unknown error';

/** The output an input spends: its script and value. */
export interface Prevout {
  script: Uint8Array;
  value: bigint;
}

/**
 * Runs every input's scripts as Bitcoin Core's mempool does (PolicyScriptChecks, then
 * ConsensusScriptChecks): the first failure's reject reason, or undefined when all pass.
 * A failure under the standard flags that passes the consensus ones is a policy refusal.
 */
export function verifyScripts(raw: Uint8Array, prevouts: readonly Prevout[]): string | undefined {
  const bitcore = lib();
  const { Interpreter } = bitcore.Script;
  const [MANDATORY, STANDARD] = [mandatory(), standardFlags()];
  const tx = new bitcore.Transaction(Buffer.from(raw));
  // Taproot's sighash commits to every spent output (BIP-341): each input carries its own.
  tx.inputs.forEach((input, i) => {
    const spent = prevouts[i]!;
    input.output = new bitcore.Transaction.Output({ script: new bitcore.Script(Buffer.from(spent.script)), satoshis: Number(spent.value) });
  });
  const run = (index: number, flagSet: number): string | undefined => {
    const input = tx.inputs[index]!;
    const spent = prevouts[index]!;
    const interpreter = new Interpreter();
    const ok = interpreter.verify(
      input.script,
      new bitcore.Script(Buffer.from(spent.script)),
      tx,
      index,
      flagSet,
      input.getWitnesses() ?? [],
      Number(spent.value),
    );
    return ok ? undefined : interpreter.errstr;
  };
  for (let i = 0; i < tx.inputs.length; i++) {
    const standard = run(i, STANDARD);
    if (standard === undefined) continue;
    const mandatory = run(i, MANDATORY);
    // src/validation.cpp CheckInputScripts: the reason names which flag set failed, then Core's words.
    return mandatory === undefined ? `non-mandatory-script-verify-flag (${words(standard)})` : `mandatory-script-verify-flag-failed (${words(mandatory)})`;
  }
  return undefined;
}
