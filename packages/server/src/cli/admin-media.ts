import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MOD_NAMES, numberKey, VIDEO_MSG } from '@yingku/contract';
import type { AppConfig } from '../config';
import type { Database } from '../db/connection';
import { takeWorkerLease } from '../db/worker-lease';
import { AppError } from '../http/errors';
import { CommandError } from './command-error';
import { createVideoRuntime, type VideoRuntime } from '../features/video/video-runtime';
import type { MediaRecord } from '../features/video/video.repo';
import { silentLogger } from '../lib/logger';
import type { CliOutput } from './admin-output';
import {
  type MediaDeliveryCommand,
  parseMediaDeliveryCommand,
  runMediaDeliveryCommand,
} from './admin-media-delivery';

export const MEDIA_USAGE = `  npm run admin -- media attach --work NUMBER [--channel censored|uncensored|western] FILE [--wait|--no-wait]
      Attaches a video file to the work with that number (any spelling) and queues its transcode:
      an HLS ladder, a preview and a poster; the work shows 转码中, then goes online by itself.
      On the embedded database (no DATABASE_URL) the server must be stopped, and the command
      makes the video itself, printing progress, unless --no-wait; on PostgreSQL a worker
      (npm run worker) makes it, and --wait waits for it.`;

export const MEDIA_IMPORT_USAGE = `  npm run admin -- media import FILE.jsonl [--wait|--no-wait]
      Attaches many videos: one JSON object a line, {"number": "ABC-123", "file": "/path/video.mp4"}
      or {"number": "ABC-123", "key": "sources/…"} for an object already in the media storage;
      "channel" (censored, uncensored, western) where a number is in several. Reports each line
      (attached, or why not) like the catalogue import; exit 1 when any line failed.`;

export interface MediaImportCommand {
  name: 'media-import';
  file: string;
  wait: boolean | undefined;
}

export interface MediaAttachCommand {
  name: 'media-attach';
  number: string;
  channel: (typeof MOD_NAMES)[number] | undefined;
  file: string;
  wait: boolean | undefined;
}

/** Parses `media attach|import|check|edge-config …`; null for anything else or a bad line. */
export function parseMediaCommand(
  argv: string[],
): MediaAttachCommand | MediaImportCommand | MediaDeliveryCommand | null {
  if (argv[0] === 'check' || argv[0] === 'edge-config') return parseMediaDeliveryCommand(argv);
  if (argv[0] === 'import') {
    try {
      const { values, positionals } = parseArgs({
        args: argv.slice(1),
        allowPositionals: true,
        options: { wait: { type: 'boolean' }, 'no-wait': { type: 'boolean' } },
      });
      if (positionals.length !== 1 || (values.wait && values['no-wait'])) return null;
      return {
        name: 'media-import',
        file: path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!),
        wait: values.wait ? true : values['no-wait'] ? false : undefined,
      };
    } catch {
      return null;
    }
  }
  if (argv[0] !== 'attach') return null;
  try {
    const { values, positionals } = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      options: {
        work: { type: 'string' },
        channel: { type: 'string' },
        wait: { type: 'boolean' },
        'no-wait': { type: 'boolean' },
      },
    });
    const channel = values.channel as MediaAttachCommand['channel'];
    if (!values.work || positionals.length !== 1) return null;
    if (channel !== undefined && !MOD_NAMES.includes(channel)) return null;
    if (values.wait && values['no-wait']) return null;
    return {
      name: 'media-attach',
      number: values.work,
      channel,
      // npm runs scripts from the repository root; a relative path means where the user typed it.
      file: path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!),
      wait: values.wait ? true : values['no-wait'] ? false : undefined,
    };
  } catch {
    return null;
  }
}

/** The one work with this number (any spelling), in `channel` when given. */
async function findWork(runtime: VideoRuntime, number: string, channel: string | undefined) {
  const works = (await runtime.service.worksByNumberKey(numberKey(number))).filter(
    (w) => !channel || MOD_NAMES[w.channel - 1] === channel,
  );
  if (works.length === 0) throw new CommandError(`${VIDEO_MSG.workNotFound}: ${number}`);
  if (works.length > 1) {
    throw new CommandError(
      `${number} is a number in several channels; say which with channel ` +
        works.map((w) => MOD_NAMES[w.channel - 1]).join(' or '),
    );
  }
  return works[0]!;
}

/** What a media command runs with: the settings, the database, where its lines go. */
export interface MediaCommandDeps {
  config: AppConfig;
  /** Runs `work` on the configured database (migrated), closing what it opened. */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
  output: CliOutput;
}

/** Opens the media side on the database for `work`, closing it after. */
function withRuntime<T>(
  { config, withDatabase }: MediaCommandDeps,
  work: (runtime: VideoRuntime) => Promise<T>,
): Promise<T> {
  return withDatabase(async (database) => {
    const lease = await takeWorkerLease(config.databaseUrl);
    let runtime: VideoRuntime | undefined;
    try {
      runtime = createVideoRuntime({ config, database, log: silentLogger, workerLease: lease });
      return await work(runtime);
    } finally {
      await runtime?.close();
      await lease.release();
    }
  });
}

export async function runMediaCommand(
  command: MediaAttachCommand | MediaImportCommand | MediaDeliveryCommand,
  deps: MediaCommandDeps,
): Promise<number> {
  const { config, output } = deps;
  // Neither needs the database: the check runs beside a running server, even on PGlite.
  if (command.name === 'media-check' || command.name === 'media-edge-config') {
    return runMediaDeliveryCommand(command, config, output);
  }
  if (command.name === 'media-import')
    return withRuntime(deps, (runtime) => runImport(command, deps, runtime));
  return withRuntime(deps, async (runtime) => {
    const work = await findWork(runtime, command.number, command.channel);
    let media: MediaRecord;
    try {
      media = await runtime.service.attachFile({
        workId: work.id,
        file: command.file,
        name: path.basename(command.file),
        staffId: null,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new CommandError(`no such file: ${command.file}`);
      throw error;
    }
    output.out(`Video ${media.id} attached to ${work.number} (work ${work.id}); transcode queued.`);
    const wait = command.wait ?? !config.databaseUrl;
    if (!wait) return 0;
    if (!config.databaseUrl) await runtime.startWorker();
    const settled = await waitForVideo(runtime, media.id, output);
    if (settled.status === 'ready') {
      output.out(`Online: ${settled.rungs.map((r) => r.name).join(', ')}.`);
      return 0;
    }
    output.err(`Failed: ${failureText(settled)}`);
    return 1;
  });
}

const failureText = (m: MediaRecord) =>
  `${VIDEO_MSG.failures[m.failure as keyof typeof VIDEO_MSG.failures] ?? m.failure} (${m.failureDetail ?? ''})`;

const importEntry = z.union([
  z.object({
    number: z.string().min(1).max(64),
    channel: z.enum(MOD_NAMES).optional(),
    file: z.string().min(1),
  }),
  z.object({
    number: z.string().min(1).max(64),
    channel: z.enum(MOD_NAMES).optional(),
    key: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._/-]*$/),
    bytes: z.number().int().positive().optional(),
  }),
]);

/** Each line attached or refused with its reason; with --wait, each video's outcome too. */
async function runImport(
  command: MediaImportCommand,
  { config, output }: MediaCommandDeps,
  runtime: VideoRuntime,
): Promise<number> {
  const text = await readFile(command.file, 'utf8').catch(() => {
    throw new CommandError(`no such file: ${command.file}`);
  });
  const attached: { line: number; media: MediaRecord }[] = [];
  let failed = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    const line = i + 1;
    try {
      const entry = importEntry.parse(JSON.parse(raw));
      const work = await findWork(runtime, entry.number, entry.channel);
      const media =
        'file' in entry
          ? await runtime.service.attachFile({
              workId: work.id,
              file: path.resolve(path.dirname(command.file), entry.file),
              name: path.basename(entry.file),
              staffId: null,
            })
          : await runtime.service.attachStored({
              workId: work.id,
              sourceKey: entry.key,
              sourceName: path.basename(entry.key),
              sourceBytes:
                entry.bytes ??
                (await runtime.storage.read(entry.key).then((o) => (o?.body.destroy(), o?.size ?? 0))),
              staffId: null,
            });
      attached.push({ line, media });
      output.out(`line ${line}: video ${media.id} attached to ${work.number}`);
    } catch (error) {
      failed += 1;
      output.err(`line ${line}: ${describe(error)}`);
    }
  }
  output.out(`${attached.length} attached, ${failed} refused.`);
  const wait = command.wait ?? !config.databaseUrl;
  if (!wait || attached.length === 0) return failed > 0 ? 1 : 0;
  if (!config.databaseUrl) await runtime.startWorker();
  for (const { line, media } of attached) {
    const settled = await waitForVideo(runtime, media.id);
    if (settled.status === 'ready') output.out(`line ${line}: online`);
    else {
      failed += 1;
      output.err(`line ${line}: failed: ${failureText(settled)}`);
    }
  }
  return failed > 0 ? 1 : 0;
}

function describe(error: unknown): string {
  if (error instanceof SyntaxError) return 'not JSON';
  if (error instanceof z.ZodError)
    return `bad line: ${error.issues.map((i) => `${i.path.join('.') || 'line'} ${i.message}`).join('; ')}`;
  if (error instanceof CommandError || error instanceof AppError) return error.message;
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'no such file';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Waits until the video is ready, failed or cancelled; with `progress`, prints each rung's
 * progress as it changes.
 */
async function waitForVideo(
  runtime: VideoRuntime,
  mediaId: string,
  progress?: CliOutput,
): Promise<MediaRecord> {
  let shown = '';
  for (;;) {
    const media = await runtime.service.find(mediaId);
    if (!media) throw new CommandError(VIDEO_MSG.mediaNotFound);
    const line = media.rungs.map((r) => `${r.name} ${r.percent}%`).join('  ');
    if (progress && line && line !== shown) {
      progress.out(line);
      shown = line;
    }
    if (media.status !== 'queued' && media.status !== 'running') return media;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
