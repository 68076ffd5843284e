/** Fields the console's trust rules add to its bodies (decision 071). */
import { z } from 'zod';
import { STAFF_MSG, STAFF_TRUST_LIMITS } from '../staff-messages';

/** A change that needs its reason (VIP granted, changed or ended by hand). */
export const reasonField = z
  .string(STAFF_MSG.reasonRequired)
  .trim()
  .min(1, STAFF_MSG.reasonRequired)
  .max(STAFF_TRUST_LIMITS.reasonMax, STAFF_MSG.reasonRequired)
  .refine((v) => !v.includes('\u0000'), STAFF_MSG.reasonRequired);
