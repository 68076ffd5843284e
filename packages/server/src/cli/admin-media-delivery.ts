import { parseArgs } from 'node:util';
import type { AppConfig } from '../config';
import { edgeBucketPolicy, edgeConfig, type EdgeOrigin } from '../features/video/edge-config';
import { checkMediaDelivery, type Finding } from '../features/video/media-check';
import { bucketAddress } from '../features/video/media-origins';
import { videoStorageFor } from '../features/video/video-runtime';
import { CommandError } from './command-error';
import type { CliOutput } from './admin-output';

export const MEDIA_DELIVERY_USAGE = `  npm run admin -- media check [--fix-cors]
      Checks that videos reach players as the settings say, on the real storage and CDN: the
      bucket answers, lets PUBLIC_URL's pages read it (CORS) and refuses a read without a
      signature; a CDN edge (MEDIA_CDN_BASE_URL) serves a probe under a fresh token, caches it,
      and refuses an altered, expired or unknown-key token. A probe file is stored under
      media/0/1/ and removed. --fix-cors adds the CORS rule the bucket lacks. Exit 1 on a fault.
  npm run admin -- media edge-config [--listen 80] [--cache-dir DIR] [--max-size 50g] [--origin URL]
      Prints an nginx configuration (an http block's contents) for a CDN edge in front of the
      media: it verifies the stream tokens with MEDIA_SIGNING_KEYS and caches each file once.
      Its origin is the bucket (S3 storage; with MEDIA_CDN_ORIGIN_SECRET the bucket policy that
      lets only the edge read media/* is printed to stderr, --apply-policy puts it on the
      bucket) or this site (PUBLIC_URL, or --origin).`;

export type MediaDeliveryCommand =
  | { name: 'media-check'; fixCors: boolean }
  | {
      name: 'media-edge-config';
      listen: string;
      cacheDir: string;
      maxSize: string;
      origin: string | undefined;
      applyPolicy: boolean;
    };

/** Parses `media check …` / `media edge-config …`; null for anything else or a bad line. */
export function parseMediaDeliveryCommand(argv: string[]): MediaDeliveryCommand | null {
  try {
    if (argv[0] === 'check') {
      const { values } = parseArgs({ args: argv.slice(1), options: { 'fix-cors': { type: 'boolean' } } });
      return { name: 'media-check', fixCors: values['fix-cors'] ?? false };
    }
    if (argv[0] !== 'edge-config') return null;
    const { values } = parseArgs({
      args: argv.slice(1),
      options: {
        listen: { type: 'string', default: '80' },
        'cache-dir': { type: 'string', default: '/var/cache/nginx/yingku-media' },
        'max-size': { type: 'string', default: '50g' },
        origin: { type: 'string' },
        'apply-policy': { type: 'boolean' },
      },
    });
    if (!/^[\w.:[\] ]{1,64}$/.test(values.listen) || !/^\d{1,6}[kmg]$/i.test(values['max-size'])) return null;
    if (!/^\/[\w./-]*$/.test(values['cache-dir'])) return null;
    if (values.origin !== undefined && !/^https?:\/\/[^/?#\s]+\/?$/.test(values.origin)) return null;
    return {
      name: 'media-edge-config',
      listen: values.listen,
      cacheDir: values['cache-dir'],
      maxSize: values['max-size'],
      origin: values.origin,
      applyPolicy: values['apply-policy'] ?? false,
    };
  } catch {
    return null;
  }
}

const MARK: Record<Finding['level'], string> = { ok: '✓', warn: '!', fail: '✗' };

export async function runMediaDeliveryCommand(
  command: MediaDeliveryCommand,
  config: AppConfig,
  output: CliOutput,
): Promise<number> {
  const media = config.media;
  const siteOrigin = new URL(config.payments.publicUrl).origin;
  const s3 = media.s3;
  const bucket = s3
    ? {
        admin: (await import('../features/video/video-s3-bucket')).createBucketAdmin(s3),
        address: await bucketAddress(s3),
      }
    : undefined;
  try {
    if (command.name === 'media-check') {
      const findings = await checkMediaDelivery({
        media,
        siteOrigin,
        storage: videoStorageFor(media),
        ...(bucket ? { bucket } : {}),
        fixCors: command.fixCors,
      });
      for (const finding of findings) output.out(`${MARK[finding.level]} ${finding.text}`);
      const failed = findings.filter((f) => f.level === 'fail').length;
      output.err(failed === 0 ? 'Media delivery: all checks passed.' : `Media delivery: ${failed} fault(s).`);
      return failed === 0 ? 0 : 1;
    }
    if (!media.cdn) {
      throw new CommandError(
        'MEDIA_CDN_BASE_URL is not set: the edge serves it, and its tokens need MEDIA_SIGNING_KEYS',
      );
    }
    const origin: EdgeOrigin =
      s3 && bucket
        ? { kind: 'bucket', address: bucket.address, referer: media.cdn.originSecret }
        : { kind: 'site', url: command.origin ?? siteOrigin };
    output.out(
      edgeConfig({
        listen: command.listen,
        cacheDir: command.cacheDir,
        maxSize: command.maxSize,
        siteOrigin,
        keys: media.signingKeys,
        origin,
      }),
    );
    if (s3 && media.cdn.originSecret) {
      const policy = edgeBucketPolicy(s3.bucket, media.cdn.originSecret);
      if (command.applyPolicy) {
        await bucket!.admin.putPolicy(policy);
        output.err(`The bucket policy that lets only the edge read media/* is on ${s3.bucket}.`);
      } else {
        output.err(`Bucket policy for ${s3.bucket} (--apply-policy puts it there):\n${policy}`);
      }
    } else if (s3) {
      output.err(
        'Set MEDIA_CDN_ORIGIN_SECRET: the edge sends it as Referer and a bucket policy lets only that read ' +
          "media/*; or give the edge your provider's own private-origin access.",
      );
    }
    return 0;
  } finally {
    bucket?.admin.close();
  }
}
