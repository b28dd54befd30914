// One at a time: the queue every background step that must not interleave with itself shares.

export interface Serial {
  /** Runs `task` once every task given before it has settled; its failure is its caller's, never the next task's. */
  <T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once every task given so far has settled. */
  settled(): Promise<void>;
}

export function serial(): Serial {
  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  };
  return Object.assign(run, { settled: () => tail.then(() => undefined) });
}
