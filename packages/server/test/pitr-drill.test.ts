import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/processes';
import { pgBackRestConfig, postgresArchiveSettings } from '../src/features/backup/pgbackrest';

// The restore drill (decision 074): a throw-away PostgreSQL cluster of its own, archived by
// pgBackRest into an encrypted repository; writes, a full backup, more writes, a chosen time,
// more writes, then recovery to that time: every row written before it is back, none after.
// Needs root (the cluster runs as the postgres user), initdb and pgbackrest; .ci/run installs
// pgbackrest and sets REQUIRE_PITR_TESTS, where a missing one is a failure.
const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const present = existsSync(`${BIN}/initdb`) && existsSync('/usr/bin/pgbackrest') && process.getuid?.() === 0;
const required = process.env.REQUIRE_PITR_TESTS === '1';

/** A command as the postgres user, as the cluster and pgBackRest must run. */
const asPostgres = (command: string, args: string[]) =>
  run('runuser', ['-u', 'postgres', '--', command, ...args], { maxBuffer: 16 * 1024 * 1024 });

describe.skipIf(!present && !required)('point-in-time recovery with pgBackRest', () => {
  let root: string;
  let data: string;
  let socket: string;
  let config: string;
  let port: number;
  const stanza = 'drill';
  const cipherPass = randomBytes(24).toString('base64url');
  const pgctl = (...args: string[]) => asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-w', '-t', '60', ...args]);
  const pgbackrest = (...args: string[]) =>
    asPostgres('pgbackrest', [`--config=${config}`, `--stanza=${stanza}`, ...args]);
  const connect = async () => {
    const client = new pg.Client({ host: socket, port, user: 'postgres', database: 'postgres' });
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'yingku-pitr-'));
    await chmod(root, 0o755);
    data = path.join(root, 'data');
    socket = path.join(root, 'socket');
    config = path.join(root, 'pgbackrest.conf');
    for (const dir of ['socket', 'repo', 'log', 'lock', 'spool']) await mkdir(path.join(root, dir));
    await run('chown', ['-R', 'postgres:postgres', root]);
    port = await freePort();
    await asPostgres(`${BIN}/initdb`, [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-sync',
    ]);
    const site = {
      stanza,
      pgPath: data,
      pgPort: port,
      pgSocketPath: socket,
      repoPath: path.join(root, 'repo'),
      cipherPass,
      keepFull: 2,
      logPath: path.join(root, 'log'),
      lockPath: path.join(root, 'lock'),
      spoolPath: path.join(root, 'spool'),
    };
    await writeFile(config, pgBackRestConfig(site), { mode: 0o600 });
    await run('chown', ['postgres:postgres', config]);
    await appendFile(
      path.join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = ''",
        `unix_socket_directories = '${socket}'`,
        'fsync = off',
        postgresArchiveSettings(site, config, 5),
      ].join('\n'),
    );
    await pgctl('start', '-l', path.join(root, 'log', 'postgres.log'));
    await pgbackrest('stanza-create');
    await pgbackrest('check');
  }, 180_000);

  afterAll(async () => {
    await pgctl('stop', '-m', 'immediate').catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  });

  it('recovers to a chosen time: rows written before it are back, none after', async () => {
    let client = await connect();
    await client.query('CREATE TABLE drill (id int PRIMARY KEY, batch text NOT NULL)');
    const write = (batch: string, from: number) =>
      client.query(`INSERT INTO drill SELECT g, $1 FROM generate_series($2::int, $2::int + 99) g`, [
        batch,
        from,
      ]);
    await write('before-backup', 1);
    await pgbackrest('backup', '--type=full');
    await write('after-backup', 101);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const target = (
      await client.query<{ t: string }>(`SELECT to_char(now(), 'YYYY-MM-DD HH24:MI:SS.USOF') AS t`)
    ).rows[0]!.t;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await write('after-target', 201);
    // The segment holding the last writes is archived (check switches WAL and waits for it).
    await pgbackrest('check');
    await client.end();

    // The repository holds nothing readable: every file is encrypted with the passphrase.
    const info = (await pgbackrest('info', '--output=json')).stdout;
    expect(JSON.parse(info)[0].cipher).toBe('aes-256-cbc');
    const backupDir = path.join(root, 'repo', 'backup', stanza);
    const label = (await readdir(backupDir)).find((name) => /F$/.test(name))!;
    const manifest = await readFile(path.join(backupDir, label, 'backup.manifest'));
    expect(manifest.includes(Buffer.from('[backup]'))).toBe(false);

    // The disaster: the cluster is stopped and restored to the chosen time.
    await pgctl('stop', '-m', 'fast');
    await pgbackrest('restore', '--delta', '--type=time', `--target=${target}`, '--target-action=promote');
    await pgctl('start', '-l', path.join(root, 'log', 'postgres-restored.log'));
    client = await connect();
    try {
      for (let i = 0; i < 100; i += 1) {
        if (!(await client.query('SELECT pg_is_in_recovery() AS r')).rows[0].r) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const { rows } = await client.query<{ batch: string; n: number }>(
        'SELECT batch, count(*)::int AS n FROM drill GROUP BY batch ORDER BY batch',
      );
      expect(rows).toEqual([
        { batch: 'after-backup', n: 100 },
        { batch: 'before-backup', n: 100 },
      ]);
    } finally {
      await client.end();
    }
  }, 300_000);

  it('refuses a restore with the wrong passphrase, and replaces nothing', async () => {
    const wrong = `${config}.wrong`;
    await writeFile(wrong, (await readFile(config, 'utf8')).replace(cipherPass, 'not-the-passphrase'), {
      mode: 0o600,
    });
    await run('chown', ['postgres:postgres', wrong]);
    await pgctl('stop', '-m', 'fast');
    const before = (await readdir(data)).sort();
    await expect(
      asPostgres('pgbackrest', [`--config=${wrong}`, `--stanza=${stanza}`, 'restore', '--delta']),
    ).rejects.toThrow();
    expect((await readdir(data)).sort()).toEqual(before);
    await pgctl('start', '-l', path.join(root, 'log', 'postgres-after.log'));
    const client = await connect();
    try {
      expect((await client.query('SELECT count(*)::int AS n FROM drill')).rows[0].n).toBe(200);
    } finally {
      await client.end();
    }
  }, 180_000);
});
