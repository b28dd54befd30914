// CPU time of the bench's own processes, from Linux's /proc (undefined elsewhere): what Chrome,
// Playwright and Node spend on a path, whatever else the shared machine is doing meanwhile.
import { readFileSync, readdirSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in ticks of 10 ms on every Linux this runs on. */
const TICK_MS = 10;

/** utime, stime, cutime, cstime and the parent of one process, or undefined once it is gone. */
function statOf(pid: string): { ppid: number; own: number; ended: number } | undefined {
  try {
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), own: (Number(fields[11]) + Number(fields[12])) * TICK_MS, ended: (Number(fields[13]) + Number(fields[14])) * TICK_MS };
  } catch {
    return undefined;
  }
}

/**
 * CPU time of this process's children that have ended, ms. A suite's runner, its workers and
 * their browsers each wait for their children, so a finished run's whole process tree is counted.
 */
export function endedChildrenCpu(): number | undefined {
  return statOf('self')?.ended;
}

/** Each process of this process's tree (itself included) and its CPU time so far, live or ended children, ms. */
export type TreeCpu = Map<number, number>;

/** This process's tree now: pass it to cpuSince to count what the tree spent after this moment. */
export function processTreeCpu(): TreeCpu | undefined {
  const self = statOf(String(process.pid));
  if (!self) return undefined;
  const all = new Map<number, { ppid: number; own: number; ended: number }>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = statOf(pid);
    if (stat) all.set(Number(pid), stat);
  }
  const under = (pid: number): boolean => {
    for (let at = all.get(pid)?.ppid; at !== undefined && at > 1; at = all.get(at)?.ppid) if (at === process.pid) return true;
    return false;
  };
  const tree: TreeCpu = new Map([[process.pid, self.own + self.ended]]);
  for (const [pid, stat] of all) if (under(pid)) tree.set(pid, stat.own + stat.ended);
  return tree;
}

/**
 * CPU the tree spent since `before`, ms: each process's growth, and new processes whole. A
 * process that ended meanwhile counts through the parent that waited for it; one whose parent
 * has not waited yet (a browser still shutting down from an earlier row) is left out, never
 * subtracted: a difference of two sums went negative so in a quick run (-5 s, 2026-12-02).
 */
export function cpuSince(before: TreeCpu): number | undefined {
  const after = processTreeCpu();
  if (!after) return undefined;
  let spent = 0;
  for (const [pid, cpu] of after) spent += Math.max(0, cpu - (before.get(pid) ?? 0));
  return spent;
}
