// Runs before `npm test` and `npm start`: makes sure a Chromium that loads extensions is there,
// and for the tests (--firefox) a Firefox too. As root on Debian/Ubuntu it installs Debian's
// chromium, firefox-esr and xvfb (with which the suite also tests the headed `npm start`);
// elsewhere it says what to install.
import { spawnSync } from 'node:child_process';
import { findChromium } from '../src/playwright/browser.ts';
import { findFirefox, WalletSetupError } from '../src/kit/setup.ts';

const wantFirefox = process.argv.includes('--firefox');

/** The browser's path, or its setup error's advice. */
function found(find: () => string): { path?: string; advice?: string } {
  try {
    return { path: find() };
  } catch (error) {
    if (error instanceof WalletSetupError) return { advice: error.message };
    throw error;
  }
}

const has = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const canInstall = process.getuid?.() === 0 && has('apt-get');

const missing = (): string[] => [
  ...(found(findChromium).path ? [] : ['chromium']),
  ...(wantFirefox && !found(findFirefox).path ? ['firefox-esr'] : []),
  ...(has('xvfb-run') ? [] : ['xvfb']),
];

const packages = missing();
if (packages.length > 0 && canInstall) {
  console.log(`Installing Debian's ${packages.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    const { status } = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${status})`);
      process.exit(1);
    }
  }
}
const chromium = found(findChromium);
const firefox = wantFirefox ? found(findFirefox) : { path: 'not needed' };
for (const problem of [chromium.advice, firefox.advice]) if (problem) console.error(problem);
if (!chromium.path || !firefox.path) process.exit(1);
console.log(`Chromium: ${chromium.path}${wantFirefox ? `; Firefox: ${firefox.path}` : ''}`);
