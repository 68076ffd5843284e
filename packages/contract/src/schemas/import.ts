import { z } from 'zod';
import { MOD_ID, MOD_NAMES, type ModId } from '../channels';
import { LIMITS } from '../limits';
import './zod-config';

const name = z.string().trim().min(1, '名称不能为空').max(200);
const path = z.string().trim().max(1000);

/** An entity named in an import line: a plain name, or a name with its Chinese name. */
const nameRef = z
  .union([name, z.object({ name, nameCn: name.nullish() })])
  .transform((v) =>
    typeof v === 'string' ? { name: v, nameCn: null } : { name: v.name, nameCn: v.nameCn ?? null },
  );

const channel = z
  .union([z.enum(MOD_NAMES), z.literal(1), z.literal(2), z.literal(3)])
  .transform((v): ModId => (typeof v === 'number' ? v : MOD_ID[v]));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    '不是有效日期',
  );

const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 YYYY-MM-DD HH:mm:ss')
  .refine((v) => !Number.isNaN(Date.parse(v.replace(' ', 'T'))), '不是有效时间');

export const importMagnet = z.object({
  name: z.string().trim().min(1).max(500),
  infoHash: z
    .string()
    .regex(/^[0-9a-fA-F]{40}$/, 'infoHash 应为 40 位十六进制')
    .transform((v) => v.toLowerCase()),
  /** Bytes. */
  length: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  createTime: dateTime,
  hd: z.boolean().default(false),
  subtitle: z.boolean().default(false),
});

export const importTag = z.object({
  group: name,
  name,
  nameCn: name.nullish().transform((v) => v ?? null),
});

/**
 * One line of a catalogue import (JSON Lines): a work with its entities, tags and magnets.
 * Works are matched by channel + number, so importing the same file twice changes nothing.
 */
export const importLine = z.object({
  channel,
  number: z.string().trim().min(1).max(LIMITS.workNumberMax),
  title: z.string().trim().min(1).max(500),
  pubDate: isoDate,
  /** Minutes. */
  duration: z.number().int().min(0).max(100_000).default(0),
  picSmall: path.default(''),
  picBig: path.default(''),
  mp4: path.nullish().transform((v) => v || null),
  imageSmall: z.array(path).max(500).default([]),
  imageBig: z.array(path).max(500).default([]),
  isOnline: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  average: z.number().min(0).max(10).default(0),
  evaluates: z.number().int().min(0).default(0),
  makers: z.array(nameRef).max(50).default([]),
  labels: z.array(nameRef).max(50).default([]),
  series: z.array(nameRef).max(50).default([]),
  directors: z.array(nameRef).max(50).default([]),
  items: z.array(nameRef).max(50).default([]),
  performers: z.array(nameRef).max(200).default([]),
  tags: z.array(importTag).max(200).default([]),
  magnets: z.array(importMagnet).max(1000).default([]),
});
export type ImportLineInput = z.input<typeof importLine>;
export type ImportLine = z.output<typeof importLine>;
export type ImportMagnet = z.output<typeof importMagnet>;
