import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess } from '../bench/processes';

/** The checkout these tests run in: its history holds the previous release, its node_modules serve both. */
const REPO = path.resolve(import.meta.dirname, '..', '..', '..');
const MIGRATIONS_DIR = 'packages/server/src/db/migrations';
/** `npm run migrate`'s entry; a release without it migrated at every start (before decision 072). */
const MIGRATE_ENTRY = 'packages/server/src/migrate.ts';

/** The previous release, extracted from git and runnable beside this one. */
export interface PreviousRelease {
  commit: string;
  /** Its commit's subject line, for messages. */
  subject: string;
  /** The extracted tree (cached per commit under the temp dir). */
  root: string;
  /** Its server's entry, to run with `node --import tsx` (bench/processes.ts startProcess). */
  main: string;
  /** Its `npm run migrate` entry. */
  migrate: string;
  /** The migrations it has, by name. */
  migrations: string[];
}

/**
 * Why the previous release cannot be run here: no history to take it from, or a release from
 * before `npm run migrate`.
 */
export class PreviousReleaseUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: 'no-history' | 'before-migrate' = 'no-history',
  ) {
    super(message);
  }
}

function git(...args: string[]): { ok: boolean; out: string } {
  const run = spawnSync('git', ['-C', REPO, ...args], { encoding: 'utf8' });
  return { ok: run.status === 0, out: (run.stdout ?? '').trim() };
}

/**
 * Which commit is the previous release: `PREVIOUS_RELEASE` if set, else the parent of the newest
 * commit that added a migration (the last release whose schema this one extends). Throws
 * {@link PreviousReleaseUnavailable} when git or that history is missing (a tarball, a shallow
 * clone), or when the commit predates `npm run migrate`: such a release migrated at start and
 * refuses a newer schema by design, so expand and contract cannot be checked against it.
 */
export function previousReleaseCommit(): { commit: string; subject: string } {
  if (!git('rev-parse', '--git-dir').ok) {
    throw new PreviousReleaseUnavailable(
      `${REPO} is not a git checkout: no history to take the previous release from`,
    );
  }
  const wanted = process.env.PREVIOUS_RELEASE;
  let commit: string;
  if (wanted) {
    const resolved = git('rev-parse', '--verify', '--quiet', `${wanted}^{commit}`);
    if (!resolved.ok) throw new PreviousReleaseUnavailable(`PREVIOUS_RELEASE=${wanted} names no commit here`);
    commit = resolved.out;
  } else {
    const added = git('log', '-1', '--diff-filter=A', '--format=%H', '--', MIGRATIONS_DIR).out;
    const parent = added ? git('rev-parse', '--verify', '--quiet', `${added}^`) : { ok: false, out: '' };
    if (!parent.ok) {
      const shallow = git('rev-parse', '--is-shallow-repository').out === 'true';
      throw new PreviousReleaseUnavailable(
        `no commit before the newest migration's in this history${shallow ? ' (a shallow clone: git fetch --unshallow)' : ''}`,
      );
    }
    commit = parent.out;
  }
  const subject = git('log', '-1', '--format=%s', commit).out;
  if (!git('cat-file', '-e', `${commit}:${MIGRATE_ENTRY}`).ok) {
    throw new PreviousReleaseUnavailable(
      `the previous release ${commit.slice(0, 12)} ("${subject}") has no ${MIGRATE_ENTRY}: it migrates ` +
        'at every start and refuses a newer schema by design (decision 072); set PREVIOUS_RELEASE to a later commit',
      'before-migrate',
    );
  }
  return { commit, subject };
}

/**
 * The previous release's tree, extracted once per commit (`git archive`, no worktree to clean
 * up) and given a node_modules: links to this checkout's packages, except the workspace's own
 * (`@yingku/*`), which point at the old tree's packages, so the old server runs its own code.
 * Several test files may ask at once: each extracts beside the cache and the first rename wins.
 */
export async function previousRelease(): Promise<PreviousRelease> {
  const { commit, subject } = previousReleaseCommit();
  // Per checkout too: the tree's node_modules link into this checkout's.
  const checkout = createHash('sha256').update(REPO).digest('hex').slice(0, 8);
  const root = path.join(tmpdir(), `yingku-release-${commit.slice(0, 12)}-${checkout}`);
  const release = {
    commit,
    subject,
    root,
    main: path.join(root, 'packages', 'server', 'src', 'main.ts'),
    migrate: path.join(root, MIGRATE_ENTRY),
    migrations: git('ls-tree', '--name-only', commit, `${MIGRATIONS_DIR}/`)
      .out.split('\n')
      .map((file) => path.basename(file))
      .filter((file) => /^\d{4}-.*(?<!\.test)\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, '')),
  };
  const done = path.join(root, '.extracted');
  if (existsSync(done)) return release;

  const scratch = `${root}.${process.pid}-${randomBytes(3).toString('hex')}`;
  await mkdir(scratch, { recursive: true });
  try {
    const archive = spawnSync('sh', [
      '-c',
      `git -C "$0" archive "$1" | tar -x -C "$2"`,
      REPO,
      commit,
      scratch,
    ]);
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${String(archive.stderr)}`);
    await linkNodeModules(scratch);
    await writeFile(path.join(scratch, '.extracted'), `${commit}\n`);
    await rename(scratch, root);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    if (!existsSync(done)) throw error;
  }
  return release;
}

async function linkNodeModules(tree: string): Promise<void> {
  const ours = path.join(REPO, 'node_modules');
  const theirs = path.join(tree, 'node_modules');
  await mkdir(path.join(theirs, '@yingku'), { recursive: true });
  for (const entry of await readdir(ours)) {
    if (entry === '@yingku') continue;
    await symlink(path.join(ours, entry), path.join(theirs, entry));
  }
  // The workspace's links are relative (../../packages/server): the same link finds the old tree's.
  for (const entry of await readdir(path.join(ours, '@yingku'))) {
    const target = await readlink(path.join(ours, '@yingku', entry));
    if (path.isAbsolute(target)) throw new Error(`node_modules/@yingku/${entry} is not a workspace link`);
    await symlink(target, path.join(theirs, '@yingku', entry));
  }
  // Versions npm could not hoist sit in a package's own node_modules.
  for (const entry of await readdir(path.join(REPO, 'packages'))) {
    const nested = path.join(REPO, 'packages', entry, 'node_modules');
    const target = path.join(tree, 'packages', entry, 'node_modules');
    if (existsSync(nested) && existsSync(path.dirname(target))) await symlink(nested, target);
  }
}

/**
 * Resolves the previous release for a test file, or a reason to skip it. Missing history fails
 * where it must not be missing (REQUIRE_PREVIOUS_RELEASE=1, set by .ci/run); a previous release
 * older than `npm run migrate` is always a skip, since it cannot run on a newer schema at all.
 */
export async function previousReleaseOrSkip(): Promise<{ release?: PreviousRelease; skip?: string }> {
  try {
    return { release: await previousRelease() };
  } catch (error) {
    if (!(error instanceof PreviousReleaseUnavailable)) throw error;
    if (process.env.REQUIRE_PREVIOUS_RELEASE === '1' && error.reason === 'no-history') {
      throw new Error(`REQUIRE_PREVIOUS_RELEASE=1: ${error.message}`, { cause: error });
    }
    return { skip: error.message };
  }
}

/** Starts the previous release's server (or this one's: `main`) and resolves once it listens. */
export function startServer(main: string, env: Record<string, string>): Promise<ChildProcess> {
  return startProcess(main, env, /影库 is running at/, 90_000);
}

/** Runs a `migrate.ts` (this release's or the previous one's) on `url` until it exits. */
export function runMigrate(
  entry: string,
  url: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_READ_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, output, ms: Date.now() - started })),
  );
}
