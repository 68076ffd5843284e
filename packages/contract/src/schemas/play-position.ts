// Apart from video.ts: only the player (a chunk loaded on first play) sends it, so the schema
// stays out of the code the first screens share (their JavaScript budget, decision 028).
import { z } from 'zod';
import { clientFields } from './account';
import { dataEnvelope, idString } from './common';

/**
 * POST /v2/video/position — where the member is in a work (sent while playing and on leaving):
 * also the player's sign of life, which keeps its device's place among the account's streams.
 */
export const playPositionBody = z.object({
  ...clientFields,
  workId: idString,
  position: z
    .number()
    .min(0)
    .max(24 * 60 * 60),
  /** The player closed: the device's place among the account's streams is free at once. */
  stopped: z.boolean().optional(),
});
export type PlayPositionBody = z.input<typeof playPositionBody>;
export const playPositionResponse = dataEnvelope(z.object({ position: z.number() }));
