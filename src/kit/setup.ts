// Where the kits find the built extension and a browser to load it into; readable errors when not.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export class WalletSetupError extends Error {
  override name = 'WalletSetupError';
}

export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
export const SYSTEM_FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/snap/bin/firefox'];

/** The built, unpacked extension: beside the kit in dist/, or MOCK_WALLET_EXTENSION. */
export function extensionPath(env: Record<string, string | undefined> = process.env): string {
  const candidates = [
    env['MOCK_WALLET_EXTENSION'],
    fileURLToPath(new URL('../extension', import.meta.url)), // dist/testing or dist/puppeteer → dist/extension
    fileURLToPath(new URL('../../dist/extension', import.meta.url)), // src/kit → dist/extension
  ].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(join(p, 'manifest.json')));
  if (found) return found;
  throw new WalletSetupError(`The built extension was not found (looked in ${candidates.join(', ')}); run "npm run build" in mock-wallet-provider`);
}

/** The add-on id Firefox knows the wallet by (the manifest's browser_specific_settings.gecko.id). */
export function geckoId(extension: string): string {
  const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8')) as { browser_specific_settings?: { gecko?: { id?: string } } };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new WalletSetupError(`${extension}/manifest.json has no browser_specific_settings.gecko.id: rebuild the wallet`);
  return id;
}

/** The environment variable's path when set (it must exist), else the first of the candidates that exists. */
export function findExecutable(
  what: 'Chromium' | 'Firefox',
  envName: string,
  candidates: (string | undefined)[],
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const fromEnv = env[envName];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new WalletSetupError(`${envName} is set to ${fromEnv}, but no file is there (looking for ${what})`);
    return fromEnv;
  }
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** FIREFOX_PATH, then Debian's firefox-esr, then a system Firefox. */
export function findFirefox(env: Record<string, string | undefined> = process.env): string {
  const found = findExecutable('Firefox', 'FIREFOX_PATH', SYSTEM_FIREFOX, env);
  if (found) return found;
  throw new WalletSetupError(
    [
      'No Firefox found for the mock wallet. Install one of:',
      '  - Debian/Ubuntu: sudo apt-get install -y firefox-esr   (gives /usr/bin/firefox-esr)',
      '  - or point FIREFOX_PATH at a Firefox binary (140 or newer).',
    ].join('\n'),
  );
}

/** What to print when no Chromium is found. */
export const NO_CHROMIUM = [
  'No Chromium found for the mock wallet. Install one of:',
  '  - Debian/Ubuntu: sudo apt-get install -y chromium   (gives /usr/bin/chromium)',
  "  - Playwright's build: npx playwright install chromium",
  '  - or point CHROMIUM_PATH at a Chromium binary.',
  'Branded Google Chrome 137+ ignores --load-extension and cannot load the wallet.',
].join('\n');

/** CHROMIUM_PATH, then the given candidates (Playwright's own build first, for its kit), then the system's. */
export function findChromiumAmong(first: (string | undefined)[], env: Record<string, string | undefined> = process.env): string {
  const found = findExecutable('Chromium', 'CHROMIUM_PATH', [...first, ...SYSTEM_CHROMIUM], env);
  if (found) return found;
  throw new WalletSetupError(NO_CHROMIUM);
}

/**
 * How long a Chromium just launched may take to start the wallet's service worker. About 1 s on a
 * quiet machine; a CI runner at a load of 8 on two cores was seen to take over 10 s.
 */
export const EXTENSION_START_MS = 30_000;

/**
 * When a launch starts the wallet's worker itself if Chromium has not: a suite run on two cores once saw a
 * fresh profile's extension worker not started after 30 s (EXTENSION_START_MS), the launch then failing.
 */
export const EXTENSION_NUDGE_MS = 10_000;

/**
 * The id Chromium gives an unpacked extension (one without a manifest `key`): the SHA-256 of its absolute path,
 * the first 32 hex digits written with the letters a–p (chromium/chromium, components/crx_file/id_util.cc:
 * GenerateIdForPath). Checked against Chromium's own on Linux; Windows hashes its wide-character path instead,
 * so there the id may differ and the nudge that uses it does nothing.
 */
export function unpackedExtensionId(path: string): string {
  // Chromium loads the extension from its real path (a package linked into node_modules resolves to its folder).
  const digest = createHash('sha256').update(realPath(path)).digest('hex').slice(0, 32);
  return [...digest].map((hex) => String.fromCharCode(97 + Number.parseInt(hex, 16))).join('');
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Chrome features a wallet test never uses but pays for in every tab it opens. From Chromium 156 on, the address bar's
 * dropdown is a WebUI page, chrome://omnibox-popup.top-chrome. It is rendered in a process of its own, and it draws
 * itself again whenever tabs come and go, in headless runs too. A V8 profile of 60 connect tests found it as busy as
 * the wallet's own renderer (docs/architecture.md, "The suite's time").
 */
export const UNUSED_CHROME_FEATURES: readonly string[] = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * The args a Chromium needs to load the wallet in a test profile. `disableFeatures`: the one --disable-features switch
 * (Chrome keeps only the last one given), when the kit can say it whole.
 */
export function chromiumArgs(extension: string, disableFeatures?: string): string[] {
  return [
    ...(disableFeatures ? [disableFeatures] : []),
    `--disable-extensions-except=${extension}`,
    `--load-extension=${extension}`,
    // Running as root (CI containers) needs it; elsewhere harmless for a test profile.
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${message} within ${ms / 1000} s`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
