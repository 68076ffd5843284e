import {
  type CORSRule,
  GetBucketCorsCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  PutBucketPolicyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from './media-settings';
import { s3Client } from './video-s3-storage';

/**
 * The CORS rule the bucket needs when players fetch segments from it (S3 storage without a
 * CDN): the site's pages may GET and HEAD its objects. hls.js reads every playlist and segment
 * with fetch/XHR, so without it Chrome, Firefox and Android refuse each answer; Safari's own
 * player does not ask.
 */
export function mediaCorsRule(siteOrigin: string): CORSRule {
  return {
    ID: 'yingku-media',
    AllowedOrigins: [siteOrigin],
    AllowedMethods: ['GET', 'HEAD'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['Content-Length', 'Content-Range'],
    MaxAgeSeconds: 86_400,
  };
}

/** What an operator's tools do to the bucket itself (admin media check / edge-config). */
export interface BucketAdmin {
  /** undefined when the bucket answers; else what it said. */
  reach(): Promise<string | undefined>;
  /** The bucket's CORS rules (none when it has no configuration). */
  corsRules(): Promise<CORSRule[]>;
  /** Adds {@link mediaCorsRule} to the bucket's rules (replacing an older one of ours). */
  allowSite(siteOrigin: string): Promise<void>;
  putPolicy(policy: string): Promise<void>;
  close(): void;
}

export function createBucketAdmin(settings: S3Settings, client: S3Client = s3Client(settings)): BucketAdmin {
  const Bucket = settings.bucket;
  const corsRules = async (): Promise<CORSRule[]> => {
    try {
      return (await client.send(new GetBucketCorsCommand({ Bucket }))).CORSRules ?? [];
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchCORSConfiguration') return [];
      throw error;
    }
  };
  return {
    async reach() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return undefined;
      } catch (error) {
        const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        return `${e.name ?? 'Error'}${e.$metadata?.httpStatusCode ? ` (HTTP ${e.$metadata.httpStatusCode})` : ''}: ${e.message ?? ''}`;
      }
    },
    corsRules,
    async allowSite(siteOrigin) {
      const kept = (await corsRules()).filter((rule) => rule.ID !== 'yingku-media');
      await client.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: { CORSRules: [...kept, mediaCorsRule(siteOrigin)] },
        }),
      );
    },
    async putPolicy(policy) {
      await client.send(new PutBucketPolicyCommand({ Bucket, Policy: policy }));
    },
    close: () => client.destroy(),
  };
}
