import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import {
  API_BASE,
  attachMediaBody,
  isInt64Id,
  mediaRowResponse,
  staffWorkParams,
  VIDEO_MSG,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { errorResponses, ok } from '../../http/envelope';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { VideoService } from './video.service';
import { toMediaRow } from './media-row';
import { s3ClientConfig } from './s3-client-config';
import { every } from '../../lib/every';

export interface VideoUploadRouteDeps {
  auth: Authenticator;
  videos: VideoService;
  config: Pick<AppConfig, 'media'>;
}

/** Set by us on the raw request (any value the client sent is dropped first): who is uploading. */
const UPLOADER = 'x-yingku-uploader';
/** Unfinished uploads are removed after a day (an hourly sweep). */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const tusError = (status: number, body: string) => ({ status_code: status, body });

/**
 * Puts who is uploading on the raw request for tus's hooks, after dropping any such header the
 * client sent. tus reads `rawHeaders` (it builds a web Request from them), so both are set.
 */
function setUploader(request: FastifyRequest, userId: string | undefined) {
  const raw = request.raw;
  delete raw.headers[UPLOADER];
  const kept: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() !== UPLOADER) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  }
  if (userId) {
    raw.headers[UPLOADER] = userId;
    kept.push(UPLOADER, userId);
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
}

/**
 * Resumable uploads of videos (tus 1.0, @tus/server; decision 024) at /v2/admin/uploads, and
 * attaching a finished one to a work. Staff only; an upload belongs to the staff member who made
 * it: another account's HEAD, PATCH or DELETE of it is 404, and only its owner may attach it.
 * With object storage the upload goes straight into the bucket as an S3 multipart upload;
 * otherwise into MEDIA_DIR/uploads. Not signed like /v2 calls: tus clients send raw chunks.
 */
export async function videoUploadRoutes(
  app: FastifyInstance,
  { auth, videos, config }: VideoUploadRouteDeps,
) {
  const staff = permissionGuard(auth, 'media.manage');
  const media = config.media;
  // The S3 store (and the SDK under it) loads only on sites with a bucket.
  const datastore = media.s3
    ? new (await import('@tus/s3-store')).S3Store({
        partSize: 8 * 1024 * 1024,
        expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
        s3ClientConfig: { bucket: media.s3.bucket, ...s3ClientConfig(media.s3) },
      })
    : new FileStore({ directory: `${media.dir}/uploads`, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });

  const tus = new TusServer({
    path: `${API_BASE}${STAFF_API.uploads}`,
    datastore,
    maxSize: media.maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    async onUploadCreate(req, upload) {
      const uploader = req.headers.get(UPLOADER);
      if (!uploader) throw tusError(403, VIDEO_MSG.uploadNotFound);
      const workId = upload.metadata?.workId ?? '';
      if (!isInt64Id(workId)) throw tusError(400, VIDEO_MSG.workNotFound);
      // The name is shown in the console only; it never becomes a path.
      const filename = (upload.metadata?.filename ?? '').replace(/\p{Cc}/gu, '').slice(0, 200);
      // Tracked from the start, so an upload never attached to the work is swept after a day.
      await videos.uploads.started({ id: upload.id, uploader, workId });
      return { metadata: { filename, workId, uploader } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST') return;
      const upload = await datastore.getUpload(uploadId).catch(() => undefined);
      if (!upload || upload.metadata?.uploader !== req.headers.get(UPLOADER)) {
        throw tusError(404, VIDEO_MSG.uploadNotFound);
      }
    },
  });
  every(app, 60 * 60 * 1000, 'expired upload sweep', () => tus.cleanUpExpiredUploads());
  const sweepUploads = videos.uploads.sweeper((id) => datastore.remove(id), UPLOAD_EXPIRY_MS / 1000, app.log);
  every(app, 60 * 60 * 1000, 'unattached upload sweep', async () => {
    await sweepUploads();
  });

  await app.register(async (uploads) => {
    // tus reads the raw request itself: no body parsing here.
    uploads.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = request.method === 'OPTIONS' ? undefined : await staff.caller(request);
      setUploader(request, caller?.userId);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    for (const url of [STAFF_API.uploads, `${STAFF_API.uploads}/:uploadId`]) {
      uploads.route({ method: [...TUS_METHODS], url, ...staff.hook, handler: handle });
    }
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    STAFF_API.workMedia,
    {
      ...staff.hook,
      schema: {
        summary: 'Attaches a finished upload (tus) to the work and queues its transcode',
        params: staffWorkParams,
        body: attachMediaBody,
        response: { 200: mediaRowResponse, ...errorResponses(400, 401, 403, 404, 409, 500) },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      const workId = request.params.id;
      const upload = await datastore.getUpload(request.body.uploadId).catch(() => undefined);
      // Another account's upload is as good as none.
      if (!upload || upload.metadata?.uploader !== caller.userId) throw notFound(VIDEO_MSG.uploadNotFound);
      if (upload.size === undefined || upload.offset !== upload.size)
        throw badRequest(VIDEO_MSG.uploadNotFound);
      if (upload.metadata?.workId !== workId) throw forbidden(VIDEO_MSG.uploadNotFound);
      const name = upload.metadata?.filename ?? '';
      const row = media.s3
        ? await videos.attachStored({
            workId,
            sourceKey: upload.id,
            sourceName: name,
            sourceBytes: upload.size,
            staffId: caller.userId,
            actor: caller,
          })
        : await videos.attachFile({
            workId,
            file: `${media.dir}/uploads/${upload.id}`,
            name,
            staffId: caller.userId,
            actor: caller,
            move: true,
          });
      // The upload is now the video's source: its tus record goes (in a bucket the object itself
      // is the source and stays).
      await videos.uploads.attached(upload.id);
      if (!media.s3) await datastore.remove(upload.id).catch(() => undefined);
      return ok(toMediaRow(row));
    },
  );
}
