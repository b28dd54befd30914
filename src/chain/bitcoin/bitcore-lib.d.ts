// The part of bitcore-lib 11.5.1 (bitpay/bitcore, packages/bitcore-lib) the chain uses: its
// script interpreter, a port of Bitcoin Core's VerifyScript. The package ships no types.
declare module 'bitcore-lib' {
  interface BitcoreScript {
    toBuffer(): Buffer;
  }
  interface BitcoreOutput {
    readonly satoshis: number;
  }
  interface BitcoreInput {
    script: BitcoreScript;
    output: BitcoreOutput | undefined;
    /** null for an input with no witness (a legacy spend). */
    getWitnesses(): Buffer[] | null;
  }
  interface BitcoreTransaction {
    readonly inputs: BitcoreInput[];
  }
  interface BitcoreInterpreter {
    verify(
      scriptSig: BitcoreScript,
      scriptPubkey: BitcoreScript,
      tx: BitcoreTransaction,
      nin: number,
      flags: number,
      witness: Buffer[],
      satoshis: number,
    ): boolean;
    errstr: string;
  }
  interface InterpreterConstructor {
    new (): BitcoreInterpreter;
    readonly [flag: `SCRIPT_VERIFY_${string}`]: number;
  }
  const bitcore: {
    Transaction: {
      new (raw: Buffer): BitcoreTransaction;
      Output: new (args: { script: BitcoreScript; satoshis: number }) => BitcoreOutput;
    };
    Script: {
      new (raw: Buffer): BitcoreScript;
      Interpreter: InterpreterConstructor;
    };
  };
  export default bitcore;
}
