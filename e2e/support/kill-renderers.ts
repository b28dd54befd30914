// Kills the wallet's renderer processes as Chrome's out-of-memory handling or an "Aw, Snap!" does:
// SIGKILL, no unload, no goodbye. Linux only (/proc). Chrome runs an extension's pages and its
// service worker in one process (--extension-process), so the worker dies too.
import { readFileSync, readdirSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces: the fields after it are space-separated.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(name), ppid, cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8') });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * SIGKILLs every extension renderer of the Chromium this process launched (its descendants only:
 * other browsers on the machine are left alone); returns their pids. Chrome rewrites a renderer's
 * command line with spaces for NULs, so either separates its switches.
 */
export function killExtensionRenderers(): number[] {
  const all = processes();
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!ours.has(p.ppid) || ours.has(p.pid)) continue;
      ours.add(p.pid);
      grew = true;
    }
  }
  const switches = (p: Proc): string[] => p.cmdline.split(/[\0 ]/);
  const renderers = all.filter((p) => ours.has(p.pid) && switches(p).includes('--type=renderer') && switches(p).includes('--extension-process'));
  for (const { pid } of renderers) process.kill(pid, 'SIGKILL');
  return renderers.map((p) => p.pid);
}
