import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { S3Settings } from '../src/features/video/media-settings';
import { s3Client } from '../src/features/video/video-s3-storage';
import { freePort } from '../bench/processes';

const run = promisify(execFile);
const SCRIPTS = path.resolve(import.meta.dirname, '../../../scripts/s3-test-server');

/** Whether Debian's Ceph gateway is installed (.ci/run installs it). */
export function hasS3Server(): boolean {
  return (
    spawnSync('sh', ['-c', 'command -v radosgw && command -v ceph-mon && command -v ceph-osd']).status === 0
  );
}

/**
 * The S3 tests run wherever the gateway is installed, and must run in CI (REQUIRE_S3_TESTS=1,
 * set by .ci/run): there a missing server is a failure, not a skip.
 */
export function s3TestsWanted(): boolean {
  if (hasS3Server()) return true;
  if (process.env.REQUIRE_S3_TESTS === '1') {
    throw new Error(
      'REQUIRE_S3_TESTS=1 but radosgw is not installed (apt-get install -y radosgw ceph-mon ceph-osd)',
    );
  }
  return false;
}

export interface TestS3Server {
  settings: S3Settings;
  stop(): Promise<void>;
}

/**
 * A throw-away Ceph radosgw (scripts/s3-test-server) with one empty bucket. Its ports are free
 * when chosen but not held: another process may bind one first (a busy CI machine runs other
 * servers). A cluster that does not come up is started once more on new ports; a second failure
 * is the test's, with the daemons' logs in its message.
 */
export async function startS3Server(bucket = 'yingku-test'): Promise<TestS3Server> {
  try {
    return await startOnce(bucket);
  } catch (first) {
    console.warn(`radosgw did not start, trying once more on new ports: ${String(first)}`);
    return startOnce(bucket);
  }
}

/** The last lines of each daemon's log in `dir`, for a start that failed. */
async function logTails(dir: string): Promise<string> {
  const logs = await readdir(path.join(dir, 'log')).catch(() => []);
  const tails = await Promise.all(
    logs.map(async (name) => {
      const text = await readFile(path.join(dir, 'log', name), 'utf8').catch(() => '');
      return `--- ${name}\n${text.split('\n').slice(-15).join('\n')}`;
    }),
  );
  return tails.join('\n');
}

async function startOnce(bucket: string): Promise<TestS3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), 'yingku-rgw-'));
  const [port, monPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    CEPH_DIR: dir,
    RGW_PORT: String(port),
    MON_PORT: String(monPort),
    S3_ACCESS_KEY: 'yingkutestaccess',
    S3_SECRET_KEY: 'yingkutestsecret0123456789',
  };
  const stop = async () => {
    await run('bash', [path.join(SCRIPTS, 'stop.sh')], { env }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await run('bash', [path.join(SCRIPTS, 'start.sh')], { env, timeout: 90_000 });
    const settings: S3Settings = {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: env.S3_ACCESS_KEY,
      secretAccessKey: env.S3_SECRET_KEY,
      forcePathStyle: true,
    };
    const client = s3Client(settings);
    // The gateway may take a moment after its port opens.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        break;
      } catch (error) {
        if (attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    client.destroy();
    return { settings, stop };
  } catch (error) {
    const logs = await logTails(dir);
    await stop();
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${String(error)}\n${stderr}\n${logs}`, { cause: error });
  }
}
