/** Videos of works: staff attach and follow them; VIPs play them and resume where they stopped. */
import { z } from 'zod';
import { STAFF_PAGE_SIZE } from '../staff-limits';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope } from './common';

export const MEDIA_STATUSES = ['queued', 'running', 'ready', 'failed', 'cancelled'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** A rung of a video: its size, how far it is made, and its bitrates once made. */
export const mediaRung = z.object({
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  percent: z.number().int(),
  bandwidth: z.number().int().optional(),
  averageBandwidth: z.number().int().optional(),
});
export type MediaRung = z.infer<typeof mediaRung>;

/** A video attached to a work, as the console shows it. */
export const mediaRow = z.object({
  id: z.string(),
  workId: z.string(),
  number: z.string().optional(),
  status: z.enum(MEDIA_STATUSES),
  sourceName: z.string(),
  sourceBytes: z.string(),
  rungs: z.array(mediaRung),
  durationSeconds: z.number().nullable(),
  /** Why it failed: a reason code (not-media, no-audio, ffmpeg-failed…) and the tool's words. */
  failure: z.string().nullable(),
  failureDetail: z.string().nullable(),
  attempts: z.number().int(),
  /** Whether this is the video the work plays now. */
  playing: z.boolean(),
  /** Frames of a ready video staff may take as the work's stills (small images' paths). */
  stills: z.array(z.string()),
  createTime: z.string(),
  updateTime: z.string(),
});
export type MediaRow = z.infer<typeof mediaRow>;
export const mediaRowResponse = dataEnvelope(mediaRow);
export const mediaRowsResponse = tableEnvelope(mediaRow);

/** GET /v2/admin/media — videos most recently changed; `status` narrows them. */
export const staffMediaQuery = z.object({
  ...clientFields,
  status: z.enum(MEDIA_STATUSES).optional(),
  workId: idString.optional(),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffWorks),
});
export type StaffMediaQuery = z.input<typeof staffMediaQuery>;

/** /v2/admin/media/{id}, …/retry, …/cancel */
export const staffMediaParams = z.object({ id: idString });

/** POST /v2/admin/works/{id}/media — attach a finished upload (tus) to the work. */
export const attachMediaBody = z.object({
  ...clientFields,
  /** The upload's id, the last segment of its tus address. */
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
});
export type AttachMediaBody = z.input<typeof attachMediaBody>;

/** GET /v2/admin/media/status — whether videos can be made here. */
export const mediaStatusResponse = dataEnvelope(
  z.object({
    /** ffmpeg's version and where it came from; null when there is none. */
    ffmpeg: z.string().nullable(),
    /** What to tell staff when media cannot be made; empty when it can. */
    message: z.string(),
    storage: z.enum(['local', 's3']),
    maxBytes: z.number(),
  }),
);

/** GET /v2/video/censored/{id} — the stream of an online work, for a VIP in force. */
export const videoStreamData = z.object({
  m3u8Url: z.string(),
  /** The player's poster while it loads. */
  posterUrl: z.string().optional(),
  /** Where this member stopped last time, in seconds. */
  position: z.number().optional(),
  /** The rungs the stream offers, tallest first (for the quality menu). */
  qualities: z.array(z.object({ name: z.string(), height: z.number().int() })).optional(),
});
export type VideoStreamData = z.infer<typeof videoStreamData>;
