// The Clarinet project of e2e/chain/chain.spec.ts's app: a tally anyone can raise. The e2e project's chain
// (playwright.config.ts) deploys it, so that file shares the e2e workers: its own test.use gave it a worker and a
// Chromium of their own (about 4 s of CPU).
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeProject } from '../../src/chain/stacks/project.ts';

const TALLY =
  '(define-data-var total uint u0)\n(define-public (raise (by uint)) (begin (var-set total (+ (var-get total) by)) (ok (var-get total))))\n(define-read-only (get-total) (var-get total))\n';

let written: string | undefined;

/** The project's Clarinet.toml, written once by each process that asks (the runner, each worker) and removed as it exits. */
export function tallyProject(): string {
  if (written) return written;
  const project = writeProject({ tally: TALLY }, { name: 'tally-app' });
  process.once('exit', () => rmSync(dirname(project), { recursive: true, force: true }));
  return (written = project);
}
