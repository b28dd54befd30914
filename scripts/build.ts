// Builds the unpacked extension into dist/extension, the Playwright kit into dist/testing
// and the CLI into dist/cli. No network, no remote code: everything is bundled.
import { build, type BuildOptions } from 'esbuild';
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { EXPOSE_NAMES } from '../src/core/choices.ts';
import { CONTRACT_WALLET, IDENTITY_NAMES, TABLE, WALLETS } from '../src/wallets/index.ts';
import { describeWallets } from '../src/wallets/table.ts';
import { ensureLaserEyes } from './lasereyes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist`;
const extension = `${out}/extension`;

const browserBundle: BuildOptions = {
  bundle: true,
  format: 'iife',
  target: 'chrome120',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
};
// Some dependencies are CommonJS and require() Node built-ins: give the ESM bundle a require.
const REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
const nodeBundle: BuildOptions = { bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning', banner: { js: REQUIRE_SHIM } };

/** A square PNG of one colour with a lighter inner square: enough for a toolbar icon. */
function icon(size: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer): number => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  const inset = Math.floor(size / 4);
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inner = x >= inset && x < size - inset && y >= inset && y < size - inset;
      row.set(inner ? [0xf7, 0x93, 0x1a] : [0x3b, 0x3b, 0xd6], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The approval window with its stylesheet inline (the CSP allows inline styles, not scripts):
 * one fetch fewer before its script may run, in every approval.
 */
async function inlineStylesheet(page: string): Promise<void> {
  const link = '<link rel="stylesheet" href="style.css">';
  const html = await readFile(`${root}popup/${page}`, 'utf8');
  if (!html.includes(link)) throw new Error(`build: popup/${page} no longer links style.css as expected`);
  const css = await readFile(`${root}popup/style.css`, 'utf8');
  await writeFile(
    `${extension}/popup/${page}`,
    html.replace(link, () => `<style>\n${css}</style>`),
  );
}

/**
 * The kit's declaration files, for the user's compiler: dist/types, with the sources'
 * `.ts` import paths rewritten to `.js` (a .d.ts may not import a .ts path).
 */
async function declarations(): Promise<void> {
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  await promisify(execFile)(process.execPath, [tsc, '-p', `${root}tsconfig.types.json`], { cwd: root });
  const rewrite = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) await rewrite(path);
      else if (entry.name.endsWith('.d.ts')) {
        const text = await readFile(path, 'utf8');
        await writeFile(path, text.replace(/((?:from|import\(|declare module)\s*'\.{1,2}\/[^']*)\.ts'/g, "$1.js'"));
      }
    }
  };
  await rewrite(`${out}/types`);
  // Each wallet's folder declares its types by extending core's WalletTypes (src/core/wallet-types.ts), and a
  // declaration file keeps only the imports its types use: the table's imports of the records are values, so
  // nothing would load those declarations in a user's program, and every wallet-typed option would be never.
  // The file that declares WalletTypes loads the table's, which loads every wallet's folder (named by the table).
  const types = `${out}/types`;
  const table = `${types}/wallets/index.d.ts`;
  const folders = Object.keys(WALLETS).map((name) => `import './${name}/index.js';`);
  await writeFile(table, `${await readFile(table, 'utf8')}${folders.join('\n')}\n`);
  const walletTypes = `${types}/core/wallet-types.d.ts`;
  await writeFile(walletTypes, `${await readFile(walletTypes, 'utf8')}import '../wallets/index.js';\n`);
}

export async function buildAll(): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await mkdir(`${extension}/popup`, { recursive: true });
  await mkdir(`${extension}/icons`, { recursive: true });
  await Promise.all([
    // The relay opens one port per identity: the names come from the wallets' table, not the records.
    build({
      ...browserBundle,
      entryPoints: { content: `${root}src/content/index.ts`, background: `${root}src/background/index.ts` },
      outdir: extension,
      define: { __IDENTITY_NAMES__: JSON.stringify(IDENTITY_NAMES) },
    }),
    // The provider lists the implemented methods in its picker entries without bundling the method table.
    build({
      ...browserBundle,
      entryPoints: { page: `${root}src/wallets/${CONTRACT_WALLET}/page/index.ts` },
      outdir: extension,
      define: { __METHOD_NAMES__: JSON.stringify(Object.keys(WALLETS[CONTRACT_WALLET].methods)) },
    }),
    // One alias script per name the exposeAs setting can choose (src/background/expose.ts registers them).
    // One page script per identity the identities setting can add (src/background/expose.ts registers them).
    ...IDENTITY_NAMES.map((name) =>
      build({ ...browserBundle, entryPoints: { [`identity-${name}`]: `${root}src/wallets/${name}/page.ts` }, outdir: extension }),
    ),
    ...EXPOSE_NAMES.map((name) =>
      build({
        ...browserBundle,
        entryPoints: { [`expose-${name}`]: `${root}src/wallets/${CONTRACT_WALLET}/page/expose.ts` },
        outdir: extension,
        define: { __EXPOSE_NAME__: JSON.stringify(name) },
      }),
    ),
    build({
      ...browserBundle,
      entryPoints: { approve: `${root}popup/approve.ts`, settings: `${root}popup/settings.ts`, floor: `${root}popup/floor.ts` },
      outdir: `${extension}/popup`,
      // The settings page draws each wallet's controls from this data (no record is bundled into it).
      define: { __WALLETS__: JSON.stringify(describeWallets(TABLE)) },
    }),
    // The demo dApp the e2e tests and `npm start` open (served by e2e/demo/server.ts).
    build({ ...browserBundle, entryPoints: { app: `${root}e2e/demo/app.ts` }, outdir: `${out}/demo` }),
    // A dApp written with @stacks/connect. WalletConnect's SDK (loaded only when an app passes a
    // project id) stays out: it is large and this page never uses it.
    build({ ...browserBundle, format: 'esm', entryPoints: { 'connect-app': `${root}e2e/demo/connect-app.ts` }, outdir: `${out}/demo`, external: ['@reown/*'] }),
    // A dApp written with sats-connect, Xverse's SDK (its wallet-picker UI is bundled too, never shown: the tests pick by localStorage).
    build({ ...browserBundle, format: 'esm', entryPoints: { 'sats-app': `${root}e2e/demo/sats-app.ts` }, outdir: `${out}/demo` }),
    // A dApp that finds Magic Eden through the Wallet Standard (@wallet-standard/app) and calls it with sats-connect's v1 helpers, as Dynamic does.
    build({ ...browserBundle, format: 'esm', entryPoints: { 'wallet-standard-app': `${root}e2e/demo/wallet-standard-app.ts` }, outdir: `${out}/demo` }),
    // A dApp written with bigmi's connectors.
    build({ ...browserBundle, format: 'esm', entryPoints: { 'bigmi-app': `${root}e2e/demo/bigmi-app.ts` }, outdir: `${out}/demo` }),
    // A dApp written with Reown AppKit and its Bitcoin adapter (its modal, its connectors).
    build({ ...browserBundle, format: 'esm', entryPoints: { 'appkit-app': `${root}e2e/demo/appkit-app.ts` }, outdir: `${out}/demo` }),
    // A dApp written with LaserEyes, from its published tarball (scripts/lasereyes.ts).
    build({
      ...browserBundle,
      format: 'esm',
      entryPoints: { 'lasereyes-app': `${root}e2e/demo/lasereyes-app.ts` },
      outdir: `${out}/demo`,
      alias: { '@omnisat/lasereyes-core': ensureLaserEyes() },
    }),
    // The chain's two heavy packages stay in node_modules (simnet's WebAssembly cannot be bundled), loaded only by `chain`.
    build({
      ...nodeBundle,
      entryPoints: [`${root}src/cli/main.ts`],
      outfile: `${out}/cli/mock-wallet.js`,
      external: ['@stacks/clarinet-sdk', 'bitcore-lib'],
      banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
    }),
    build({ ...nodeBundle, entryPoints: [`${root}src/playwright/index.ts`], outfile: `${out}/testing/index.js`, packages: 'external' }),
    build({ ...nodeBundle, entryPoints: [`${root}src/puppeteer/index.ts`], outfile: `${out}/puppeteer/index.js`, packages: 'external' }),
    declarations(),
    cp(`${root}manifest.json`, `${extension}/manifest.json`),
    ...['settings.html', 'control.html', 'floor.html', 'floor-script.html', 'style.css'].map((f) => cp(`${root}popup/${f}`, `${extension}/popup/${f}`)),
    inlineStylesheet('approve.html'),
    ...[16, 48, 128].map((size) => writeFile(`${extension}/icons/${size}.png`, icon(size))),
  ]);
}

/** Newest modification time under the given paths. */
async function newest(paths: string[]): Promise<number> {
  let latest = 0;
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) continue;
    if (info.isDirectory()) {
      const entries = await readdir(path);
      latest = Math.max(latest, await newest(entries.map((e) => `${path}/${e}`)));
    } else latest = Math.max(latest, info.mtimeMs);
  }
  return latest;
}

/** Builds only when a source is newer than the last build (and never wipes a fresh one). */
export async function buildIfNeeded(): Promise<boolean> {
  const built = (await stat(`${extension}/manifest.json`).catch(() => undefined))?.mtimeMs ?? 0;
  const sources = await newest(['src', 'popup', 'e2e/demo', 'manifest.json', 'scripts/build.ts', 'package-lock.json'].map((p) => `${root}${p}`));
  if (built > sources) return false;
  await buildAll();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildAll();
  console.log(`built dist/extension, dist/testing, dist/puppeteer, dist/cli, dist/demo in ${Math.round(performance.now() - started)} ms`);
}
