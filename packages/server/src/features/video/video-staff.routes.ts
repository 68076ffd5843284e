import {
  mediaRowResponse,
  mediaRowsResponse,
  mediaStatusResponse,
  staffMediaParams,
  staffMediaQuery,
  staffWorkParams,
  VIDEO_MSG,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table, errorResponses } from '../../http/envelope';
import { notFound } from '../../http/errors';
import type { VideoService } from './video.service';
import { toMediaRow } from './media-row';
import { pageOffset } from '../../http/paging';

export interface VideoStaffRouteDeps {
  auth: Authenticator;
  videos: VideoService;
}

const errors = errorResponses(400, 401, 403, 404, 409, 500);

/**
 * The console's videos (/v2/admin/media…): whether videos can be made here, the videos most
 * recently changed with their progress per rung, a work's videos, retry and cancel. Staff or
 * admin only, checked before the input is read.
 */
export async function videoStaffRoutes(app: FastifyInstance, { auth, videos }: VideoStaffRouteDeps) {
  const staff = permissionGuard(auth, 'media.manage');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.mediaStatus,
    {
      ...staff.hook,
      schema: {
        summary: 'Whether videos can be made here (ffmpeg, storage, size limit)',
        response: { 200: mediaStatusResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      return ok(videos.status());
    },
  );

  r.get(
    STAFF_API.mediaList,
    {
      ...staff.hook,
      schema: {
        summary: 'Videos most recently changed, with progress per rung; or one status, or one work’s',
        querystring: staffMediaQuery,
        response: { 200: mediaRowsResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { status, workId, pageNum, pageSize } = request.query;
      const { rows, total } = await videos.recent(pageSize, pageOffset(pageNum, pageSize), {
        status,
        workId,
      });
      return table(rows.map(toMediaRow), total);
    },
  );

  r.get(
    STAFF_API.workMedia,
    {
      ...staff.hook,
      schema: {
        summary: 'A work’s videos, newest first',
        params: staffWorkParams,
        response: { 200: mediaRowsResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { rows, total } = await videos.recent(10, 0, { workId: request.params.id });
      return table(rows.map(toMediaRow), total);
    },
  );

  r.get(
    STAFF_API.media,
    {
      ...staff.hook,
      schema: {
        summary: 'One video',
        params: staffMediaParams,
        response: { 200: mediaRowResponse, ...errors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const media = await videos.find(request.params.id);
      if (!media) throw notFound();
      return ok(toMediaRow(media));
    },
  );

  r.post(
    STAFF_API.mediaRetry,
    {
      ...staff.hook,
      schema: {
        summary: 'Queues a failed or cancelled video again',
        params: staffMediaParams,
        response: { 200: mediaRowResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await staff.caller(request);
      return ok(toMediaRow(await videos.retry(request.params.id, { actor })));
    },
  );

  r.post(
    STAFF_API.mediaCancel,
    {
      ...staff.hook,
      schema: {
        summary: 'Cancels a queued or running video; the work goes back to what it was',
        params: staffMediaParams,
        response: { 200: mediaRowResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await staff.caller(request);
      return ok(toMediaRow(await videos.cancel(request.params.id, { actor })));
    },
  );

  r.post(
    STAFF_API.mediaStills,
    {
      ...staff.hook,
      schema: {
        summary: 'Takes a ready video’s frames as its work’s stills (剧照)',
        params: staffMediaParams,
        response: { 200: mediaRowResponse, ...errors },
      },
    },
    async (request) => {
      const actor = await staff.caller(request);
      return ok(toMediaRow(await videos.useStills(request.params.id, { actor })), VIDEO_MSG.stillsSet);
    },
  );
}
