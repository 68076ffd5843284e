import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/processes';

/** Whether Debian's redis-server is installed (.ci/run installs it). */
export function hasRedisServer(): boolean {
  return spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
}

/**
 * The tests that stop and start a Redis of their own run wherever redis-server is installed, and
 * must run in CI (REQUIRE_REDIS_TESTS=1, set by .ci/run): there a missing one is a failure.
 */
export function redisTestsWanted(): boolean {
  if (hasRedisServer()) return true;
  if (process.env.REQUIRE_REDIS_TESTS === '1') {
    throw new Error(
      'REQUIRE_REDIS_TESTS=1 but redis-server is not installed (apt-get install -y redis-server)',
    );
  }
  return false;
}

/** A redis-server (or sentinel) process this test owns, on loopback, that it can stop and start. */
export interface TestRedis {
  port: number;
  url: string;
  /** SIGSTOP: the process holds its connections and answers nothing (hung, swapping, cut off). */
  pause(): void;
  /** SIGCONT after {@link pause}. */
  resume(): void;
  /** SIGKILL: gone, its data with it (no persistence), its connections reset. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after {@link kill}), empty. */
  restart(): Promise<void>;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
  /** What it printed, for a failing test's message. */
  output(): string;
}

/**
 * A throw-away redis-server on a free port: no persistence, its own folder; `replicaOf` makes it a
 * replica of another one's port.
 */
export async function startRedisServer(options: { replicaOf?: number } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'yingku-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
  ];
  if (options.replicaOf !== undefined) args.push('--replicaof', '127.0.0.1', String(options.replicaOf));
  return ownedProcess(port, dir, args, /Ready to accept connections/);
}

/**
 * A throw-away Sentinel watching the master on `masterPort` as `name`, alone (quorum 1), quick to
 * decide: the master is down after 1 s without an answer.
 */
export async function startSentinel(masterPort: number, name: string): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'yingku-sentinel-'));
  const file = path.join(dir, 'sentinel.conf');
  writeFileSync(
    file,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${masterPort} 1`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 5000`,
      `sentinel parallel-syncs ${name} 1`,
      '',
    ].join('\n'),
  );
  return ownedProcess(port, dir, [file, '--sentinel'], /\+monitor master/);
}

async function ownedProcess(port: number, dir: string, args: string[], ready: RegExp): Promise<TestRedis> {
  let child: ChildProcess | undefined;
  let output = '';
  const launch = async () => {
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${seen}`)), 20_000);
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        output += chunk.toString();
        if (ready.test(seen)) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout?.on('data', onData);
      started.stderr?.on('data', onData);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${seen}`));
      });
    });
  };
  const gone = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    current.removeAllListeners('exit');
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      current.kill('SIGCONT');
      current.kill('SIGKILL');
    });
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    kill: gone,
    restart: launch,
    async stop() {
      await gone();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
