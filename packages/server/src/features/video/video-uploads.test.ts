import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, fillPath, VIDEO_MSG, STAFF_API } from '@yingku/contract';
import { FileStore } from '@tus/file-store';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buildWorkLine, insertWorks } from '../../../test/factories';
import { makeClip, removeClips, testFfmpeg } from '../../../test/media-fixtures';
import { insertRoleCaller } from '../../../test/staff';
import { insertCaller } from '../../../test/users';
import { testConfig } from '../../config';
import { silentLogger } from '../../lib/logger';

const UPLOADS = `${API_BASE}${STAFF_API.uploads}`;
const TUS = { 'tus-resumable': '1.0.0' };
let t: TestApp;
let mediaDir: string;
let staff: Record<string, string>;
let staffId: string;
let otherStaff: Record<string, string>;
let clip: Buffer;
let clipFile: string;
let workId: string;

const b64 = (text: string) => Buffer.from(text).toString('base64');

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'yingku-upload-test-'));
  const base = testConfig();
  t = await createTestApp({ media: { ...base.media, dir: mediaDir, inProcessWorker: true } });
  const editor = await insertRoleCaller(t, ['member', 'content']);
  staff = editor.headers;
  staffId = editor.user.id;
  otherStaff = (await insertRoleCaller(t, ['member', 'content'])).headers;
  clipFile = await makeClip(testFfmpeg(), { width: 640, height: 360, seconds: 4 });
  clip = await readFile(clipFile);
  workId = (await insertWorks(t.database.db, [buildWorkLine({ isOnline: 0 })])).ids[0]!;
});

afterAll(async () => {
  await t?.close();
  await removeClips(clipFile);
  await rm(mediaDir, { recursive: true, force: true });
});

async function create(headers: Record<string, string>, length = clip.length, work = workId) {
  return t.app.inject({
    method: 'POST',
    url: UPLOADS,
    headers: {
      ...TUS,
      ...headers,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64('片段 clip.mp4')},workId ${b64(work)}`,
    },
  });
}

const patch = (url: string, offset: number, chunk: Buffer, headers = staff) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...TUS,
      ...headers,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });
const head = (url: string, headers = staff) =>
  t.app.inject({ method: 'HEAD', url, headers: { ...TUS, ...headers } });

describe('resumable uploads (tus)', () => {
  it('takes a file in chunks, resumes from the offset the server has, and attaches it to the work', async () => {
    const created = await create(staff);
    expect(created.statusCode, created.body).toBe(201);
    const url = `${UPLOADS}/${created.headers.location!.split('/').pop()}`;
    const half = Math.floor(clip.length / 2);
    expect((await patch(url, 0, clip.subarray(0, half))).statusCode).toBe(204);
    // The client lost track (a cut link): it asks where to go on.
    const at = await head(url);
    expect(at.headers['upload-offset']).toBe(String(half));
    // A wrong offset is refused; the right one finishes the file.
    expect((await patch(url, 0, clip.subarray(half))).statusCode).toBe(409);
    expect((await patch(url, half, clip.subarray(half))).statusCode).toBe(204);

    const uploadId = url.split('/').pop()!;
    // Another staff member cannot see, continue or attach this upload.
    expect((await head(url, otherStaff)).statusCode).toBe(404);
    const stolen = await t.send(
      'POST',
      fillPath(STAFF_API.workMedia, { id: workId }),
      { uploadId },
      otherStaff,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().msg).toBe(VIDEO_MSG.uploadNotFound);

    const attached = await t.send('POST', fillPath(STAFF_API.workMedia, { id: workId }), { uploadId }, staff);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({
      workId,
      sourceName: '片段 clip.mp4',
      sourceBytes: String(clip.length),
    });
    // The console's log names who attached it, in the attach's own transaction.
    const entry = await t.database.db
      .selectFrom('staff_actions')
      .select(['actor_id', 'action', 'after'])
      .where('object_type', '=', 'media')
      .where('object_id', '=', attached.json().data.id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      actor_id: staffId,
      action: 'media.attach',
      after: { workId, status: 'queued', sourceName: '片段 clip.mp4', sourceBytes: String(clip.length) },
    });
    // Attached once: the upload is gone.
    expect(
      (await t.send('POST', fillPath(STAFF_API.workMedia, { id: workId }), { uploadId }, staff)).statusCode,
    ).toBe(404);
  });

  it('keeps what arrived before the connection was cut mid-chunk', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const created = await create(staff);
    const uploadId = created.headers.location!.split('/').pop()!;
    const url = `${UPLOADS}/${uploadId}`;
    const stored = path.join(mediaDir, 'uploads', uploadId);
    const sent = 64 * 1024;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${address}${url}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...staff,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(clip.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // Cut once the server has written what was sent (it writes as bytes arrive).
      const cutOnceStored = async () => {
        while (
          (await stat(stored)
            .then((s) => s.size)
            .catch(() => 0)) < sent
        ) {
          await new Promise((r) => setTimeout(r, 20));
        }
        req.destroy();
      };
      req.write(clip.subarray(0, sent), () => void cutOnceStored());
    });
    let offset = -1;
    // The server notices the cut and releases the upload; then HEAD tells what it kept.
    while (offset !== sent) {
      const answer = await head(url);
      offset = answer.statusCode === 200 ? Number(answer.headers['upload-offset']) : -1;
      if (offset !== sent) await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBe(sent);
    expect((await patch(url, offset, clip.subarray(offset))).statusCode).toBe(204);
  });

  it('is for staff only, refuses files over the limit and unfinished uploads', async () => {
    expect((await create({})).statusCode).toBe(403);
    const member = (await insertCaller(t)).headers;
    expect((await create(member)).statusCode).toBe(403);
    expect((await create(staff, t.config.media.maxBytes + 1)).statusCode).toBe(413);
    expect((await create(staff, 10, 'not-a-work')).statusCode).toBe(400);

    const created = await create(staff);
    const uploadId = created.headers.location!.split('/').pop()!;
    const unfinished = await t.send(
      'POST',
      fillPath(STAFF_API.workMedia, { id: workId }),
      { uploadId },
      staff,
    );
    expect(unfinished.statusCode).toBe(400);
    // The uploaded bytes are never served back.
    expect(
      (await t.app.inject({ method: 'GET', url: `${UPLOADS}/${uploadId}`, headers: staff })).statusCode,
    ).toBe(404);
  });
});

describe('the sweep of uploads never attached', () => {
  it('removes a finished upload left a day unattached, and leaves an attached one alone', async () => {
    const work = (await insertWorks(t.database.db, [buildWorkLine({ isOnline: 0 })])).ids[0]!;
    const upload = async () => {
      const created = await create(staff, clip.length, work);
      const uploadId = created.headers.location!.split('/').pop()!;
      expect((await patch(`${UPLOADS}/${uploadId}`, 0, clip)).statusCode).toBe(204);
      return uploadId;
    };
    const left = await upload();
    const used = await upload();
    const attached = await t.send(
      'POST',
      fillPath(STAFF_API.workMedia, { id: work }),
      { uploadId: used },
      staff,
    );
    expect(attached.statusCode, attached.body).toBe(200);
    await sql`UPDATE media_uploads SET created_at = now() - interval '25 hours' WHERE id IN (${left}, ${used})`.execute(
      t.database.db,
    );

    // The same store the upload routes use, and the sweep they run every hour.
    const store = new FileStore({ directory: path.join(mediaDir, 'uploads') });
    const sweep = t.app.videoRuntime.service.uploads.sweeper(
      (id) => store.remove(id),
      24 * 60 * 60,
      silentLogger,
    );
    expect(await sweep()).toBe(1);
    await expect(stat(path.join(mediaDir, 'uploads', left))).rejects.toThrow();
    expect((await head(`${UPLOADS}/${left}`)).statusCode).toBe(404);
    const rows = await t.database.db.selectFrom('media_uploads').select(['id', 'attached_at']).execute();
    expect(rows.map((row) => row.id)).not.toContain(left);
    // Swept again: nothing more to do.
    expect(await sweep()).toBe(0);
  });
});
