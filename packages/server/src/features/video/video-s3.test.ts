import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, fillPath, STAFF_API } from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { makeClip, removeClips, testFfmpeg } from '../../../test/media-fixtures';
import { s3TestsWanted, startS3Server, type TestS3Server } from '../../../test/s3-server';
import { insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';
import { testConfig } from '../../config';
import { playlistSegments } from './ladder';
import { createS3VideoStorage } from './video-s3-storage';

// Against a real S3-compatible server (Ceph radosgw from Debian), never a mock of the client.
describe.runIf(s3TestsWanted())('S3 storage (Ceph radosgw)', () => {
  let server: TestS3Server;
  let dir: string;

  beforeAll(async () => {
    server = await startS3Server();
    dir = await mkdtemp(path.join(tmpdir(), 'yingku-s3-test-'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores, reads whole and by range, downloads, hands out presigned addresses, and removes by prefix', async () => {
    const storage = createS3VideoStorage(server.settings);
    const file = path.join(dir, 'a.bin');
    const content = Buffer.from('0123456789abcdefghij');
    await writeFile(file, content);
    await storage.putFile('media/1/2/720p/seg-00000.ts', file);
    await storage.putFile('media/1/2/poster.jpg', file);

    const whole = await storage.read('media/1/2/720p/seg-00000.ts');
    expect(whole?.size).toBe(20);
    const part = await storage.read('media/1/2/720p/seg-00000.ts', { start: 5, end: 9 });
    expect(part).toMatchObject({ length: 5, size: 20 });
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('56789');
    expect(await storage.read('media/1/2/none.ts')).toBeUndefined();

    await storage.download('media/1/2/poster.jpg', path.join(dir, 'back.bin'));
    expect(await readFile(path.join(dir, 'back.bin'))).toEqual(content);

    // Presigned: fetched straight from the store; a changed signature, key or expiry is refused.
    const url = (await storage.directUrl('media/1/2/720p/seg-00000.ts', 60))!;
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'))).status).toBe(
      403,
    );
    expect((await fetch(url.replace('seg-00000.ts', 'seg-00001.ts'))).status).toBe(403);
    expect((await fetch(url.replace('X-Amz-Expires=60', 'X-Amz-Expires=604800'))).status).toBe(403);
    const short = (await storage.directUrl('media/1/2/poster.jpg', 1))!;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await fetch(short)).status).toBe(403);

    await storage.removePrefix('media/1/');
    expect(await storage.read('media/1/2/poster.jpg')).toBeUndefined();
  });

  describe('the pipeline on S3', () => {
    let t: TestApp;
    let clip: string;
    beforeAll(async () => {
      const base = testConfig();
      t = await createTestApp(
        { media: { ...base.media, dir, s3: server.settings, inProcessWorker: true } },
        { videoQueue: { retryDelaySeconds: 1 } },
      );
      clip = await makeClip(testFfmpeg(), { width: 640, height: 360, seconds: 5 });
    });
    afterAll(async () => {
      await t?.close();
      await removeClips(clip);
    });

    it('puts a title online whose segments the player fetches from the store, not the app', async () => {
      const { ids } = await insertWorks(t.database.db, [buildWorkLine({ isOnline: 0 })]);
      const workId = ids[0]!;
      const staff = (await insertRoleCaller(t, ['member', 'content'])).headers;
      const media = await t.app.videoRuntime.service.attachFile({
        workId,
        file: clip,
        name: 'c.mp4',
        staffId: null,
      });
      let row = media as { status: string };
      for (let i = 0; i < 600 && (row.status === 'queued' || row.status === 'running'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        row = (await t.get(fillPath(STAFF_API.media, { id: media.id }), {}, staff)).json().data;
      }
      expect(row.status).toBe('ready');

      const vip = (await insertCaller(t, { levelId: 2, vipUntil: new Date(Date.now() + 86_400_000) }))
        .headers;
      const { m3u8Url } = (await t.get(fillPath(API.videoStream, { id: workId }), {}, vip)).json().data;
      const master = await t.app.inject({ method: 'GET', url: m3u8Url });
      const base = m3u8Url.slice(0, m3u8Url.indexOf('master.m3u8'));
      const rungUri = master.body.split('\n').find((line: string) => line.startsWith('360p/'))!;
      const rung = await t.app.inject({ method: 'GET', url: `${base}${rungUri}` });
      const segment = playlistSegments(rung.body)[0]!;
      expect(segment.uri.startsWith(server.settings.endpoint!)).toBe(true);
      const direct = await fetch(segment.uri);
      expect(direct.status).toBe(200);
      expect(new Uint8Array(await direct.arrayBuffer())[0]).toBe(0x47);

      // The public preview is a redirect to a presigned address.
      const preview = await t.app.inject({
        method: 'GET',
        url: `/img/media/${workId}/${media.id}/preview.mp4`,
      });
      expect(preview.statusCode).toBe(302);
      expect((await fetch(preview.headers.location as string)).status).toBe(200);
    });
  });
});
