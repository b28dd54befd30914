// Runs before `npm test` and `npm start`: makes sure a Chromium that loads extensions is there.
// As root on Debian/Ubuntu it installs Debian's chromium (and xvfb, with which the suite
// also tests the headed `npm start`); elsewhere it says what to install.
import { spawnSync } from 'node:child_process';
import { findChromium, WalletSetupError } from '../src/testing/browser.ts';

function found(): string | undefined {
  try {
    return findChromium();
  } catch (error) {
    if (error instanceof WalletSetupError) return undefined;
    throw error;
  }
}

const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;


const has = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

let path = found();
const packages = [...(path ? [] : ['chromium']), ...(has('xvfb-run') ? [] : ['xvfb'])];
if (packages.length > 0 && canInstall) {
  console.log(`Installing Debian's ${packages.join(' and ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const { status } = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${status})`);
      process.exit(1);
    }
  }
  path = found();
}
if (!path) {
  try {
    findChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exit(1);
}
console.log(`Chromium: ${path}`);
