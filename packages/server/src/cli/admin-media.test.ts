import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminCli } from '../../test/admin-cli';
import { hasNginx } from '../../test/nginx';
import { buildWorkLine, insertWorks } from '../../test/factories';
import { makeClip, makeNonVideo, removeClips, testFfmpeg } from '../../test/media-fixtures';
import { migrateToLatest } from '../db/migrate';
import { PROCESS_TEST_MS } from '../../test/timeouts';

const cli = createAdminCli();
const clips: string[] = [];
let number: string;
let workId: string;

beforeAll(async () => {
  clips.push(await makeClip(testFfmpeg(), { width: 640, height: 360, seconds: 5 }));
  clips.push(await makeNonVideo());
  const line = buildWorkLine({ number: 'CLIV-001', isOnline: 0 });
  number = line.number;
  workId = await cli.inDatabase(async (db) => {
    await migrateToLatest(db);
    return (await insertWorks(db, [line])).ids[0]!;
  });
});

afterAll(async () => {
  await removeClips(...clips);
  await cli.cleanup();
});

describe('npm run admin -- media attach', { timeout: PROCESS_TEST_MS }, () => {
  it('makes a video for the work with that number (any spelling) and puts it online, printing progress', async () => {
    const done = await cli.admin('media', 'attach', '--work', 'cliv001', clips[0]!);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`attached to ${number} (work ${workId})`);
    expect(done.stdout).toMatch(/360p 100%/);
    expect(done.stdout).toContain('Online: 360p.');
    const work = await cli.inDatabase((db) =>
      db
        .selectFrom('works')
        .select(['is_online', 'media_id'])
        .where('id', '=', workId)
        .executeTakeFirstOrThrow(),
    );
    expect(work.is_online).toBe(1);
    expect(work.media_id).not.toBeNull();
  });

  it('says why a file is refused, and leaves the work playing its video', async () => {
    const failed = await cli.admin('media', 'attach', '--work', number, clips[1]!);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Failed: 不是可识别的视频文件');
    const missing = await cli.admin('media', 'attach', '--work', 'NONE-999', clips[0]!);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('作品不存在: NONE-999');
    const noFile = await cli.admin('media', 'attach', '--work', number, '/nonexistent/video.mp4');
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain('no such file');
    expect((await cli.admin('media', 'attach', clips[0]!)).code).toBe(2);
    const work = await cli.inDatabase((db) =>
      db.selectFrom('works').select('is_online').where('id', '=', workId).executeTakeFirstOrThrow(),
    );
    expect(work.is_online).toBe(1);
  });

  it('imports videos from JSON Lines, reporting each line like the catalogue import', async () => {
    const line = buildWorkLine({ number: 'CLIV-002', isOnline: 0 });
    await cli.inDatabase((db) => insertWorks(db, [line]));
    const jsonl = path.join(path.dirname(clips[0]!), 'videos.jsonl');
    await writeFile(
      jsonl,
      [
        JSON.stringify({ number: 'cliv-002', file: path.basename(clips[0]!) }),
        JSON.stringify({ number: 'NONE-404', file: clips[0] }),
        'not json',
        JSON.stringify({ number: 'CLIV-002', key: 'sources/none' }),
        '',
      ].join('\n'),
    );
    const result = await cli.admin('media', 'import', jsonl);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/line 1: video \d+ attached to CLIV-002/);
    expect(result.stderr).toContain('line 2: 作品不存在: NONE-404');
    expect(result.stderr).toContain('line 3: not JSON');
    // Line 1's video is still being made: one video at a time per work.
    expect(result.stderr).toMatch(/line 4: (文件为空|该作品已有视频正在转码)/);
    expect(result.stdout).toContain('1 attached, 3 refused.');
    expect(result.stdout).toContain('line 1: online');
  });
});

describe('npm run admin -- media check / edge-config', () => {
  const keys = `edge1:${'k'.repeat(40)},old:${'o'.repeat(40)}`;

  it('checks local storage without a CDN, storing and removing its probe', async () => {
    const local = createAdminCli();
    try {
      const result = await local.admin('media', 'check');
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^✓ local storage in .*media, served by this site$/m);
      expect(existsSync(path.join(local.dataDir, 'media', 'media', '0', '1'))).toBe(false);
    } finally {
      await local.cleanup();
    }
  });

  it('writes an nginx edge that nginx itself accepts, verifying every listed key', async () => {
    const noCdn = await cli.admin('media', 'edge-config');
    expect(noCdn.code).toBe(1);
    expect(noCdn.stderr).toContain('MEDIA_CDN_BASE_URL is not set');
    expect((await cli.admin('media', 'edge-config', '--max-size', 'lots')).code).toBe(2);

    const edge = createAdminCli({
      env: {
        MEDIA_CDN_BASE_URL: 'https://cdn.example.com',
        MEDIA_SIGNING_KEYS: keys,
        PUBLIC_URL: 'https://yingku.example',
      },
    });
    try {
      const result = await edge.admin(
        'media',
        'edge-config',
        '--listen',
        '127.0.0.1:8099',
        '--cache-dir',
        `${edge.dataDir}/cache`,
        '--origin',
        'http://127.0.0.1:8080',
      );
      expect(result.code, result.stderr).toBe(0);
      const conf = result.stdout;
      expect(conf).toContain('secure_link_md5 "$tok_exp/$tok_work/$tok_media/ $yingku_media_key";');
      expect(conf).toContain(`"edge1" "${'k'.repeat(40)}";`);
      expect(conf).toContain(`"old" "${'o'.repeat(40)}";`);
      expect(conf).toContain('"https://yingku.example" $http_origin;');
      // Local storage: the site is the origin (PUBLIC_URL, or --origin as here).
      expect(conf).toContain('proxy_pass http://yingku_media_origin/img/hls/$tok_kid/');
      expect(conf).toContain('server 127.0.0.1:8080;');
      if (hasNginx()) {
        const main = path.join(edge.dataDir, 'nginx.conf');
        await writeFile(path.join(edge.dataDir, 'edge.conf'), conf);
        await writeFile(
          main,
          `pid ${edge.dataDir}/nginx.pid;\nerror_log ${edge.dataDir}/error.log;\nevents {}\nhttp {\n  include ${edge.dataDir}/edge.conf;\n}\n`,
        );
        const tested = spawnSync('nginx', ['-t', '-p', edge.dataDir, '-c', main], { encoding: 'utf8' });
        expect(tested.status, tested.stderr).toBe(0);
      }
    } finally {
      await edge.cleanup();
    }
  });
});
