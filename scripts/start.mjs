// `npm start`: builds the web app and the server when their sources are newer than their builds,
// then runs the compiled server with plain node (migrations, demo data on an empty database, API
// and web on one port; decision 050). `node scripts/start.mjs worker` (`npm run worker`) does the
// same for the transcode worker alone, without the web app, and `npm run migrate` for the
// schema alone (decision 072).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST, SERVER_INPUTS } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] ?? 'main';
if (entry !== 'main' && entry !== 'worker' && entry !== 'migrate') {
  console.error(`Usage: node scripts/start.mjs [main|worker|migrate] [options] (not ${entry})`);
  process.exit(2);
}
const builtIndex = path.join(root, 'packages/web/dist/index.html');
const webInputs = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/contract/src',
].map((p) => path.join(root, p));

/** @param {string} target @returns {number} newest modification time under target */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** @param {string[]} inputs @param {string} built @returns {boolean} an input is newer than built */
function stale(inputs, built) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return inputs.some((input) => newestMtime(input) > builtAt);
}

if (entry === 'main' && stale(webInputs, builtIndex)) {
  console.log('Building the web app…');
  // --silent: npm's own lines (the script's name and command) are not the build's; Vite's
  // warnings, errors and one summary line a build still print.
  const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@yingku/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const compiled = path.join(SERVER_DIST, `${entry}.js`);
if (stale(SERVER_INPUTS, compiled)) {
  console.log('Building the server…');
  await buildServer();
}

// What follows the entry goes to it (`npm run migrate -- --backfills`).
const server = spawn(process.execPath, [compiled, ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
