import type { MediaSettings, S3Settings } from './media-settings';

/** Where the bucket's objects are addressed: `${origin}${pathPrefix}/media/…`. */
export interface BucketAddress {
  /** `https://bucket.s3.region.amazonaws.com`, `http://10.0.0.5:9000`… */
  origin: string;
  /** `/bucket` for a path-style address, '' for a virtual-hosted one. */
  pathPrefix: string;
}

/**
 * The bucket's address as the S3 SDK itself writes it: it signs a sample address with
 * throw-away credentials (signing needs no network), so virtual-hosted and path-style buckets,
 * dotted names and custom endpoints come out as they will in every presigned address.
 */
export async function bucketAddress(s3: S3Settings): Promise<BucketAddress> {
  const [{ GetObjectCommand, S3Client }, { getSignedUrl }, { s3ClientConfig }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
    import('./s3-client-config'),
  ]);
  const client = new S3Client({
    ...s3ClientConfig(s3),
    credentials: { accessKeyId: 'address-probe', secretAccessKey: 'address-probe' },
  });
  const sampleKey = 'media/0/0/master.m3u8';
  try {
    const sample = new URL(
      await getSignedUrl(client, new GetObjectCommand({ Bucket: s3.bucket, Key: sampleKey }), {
        expiresIn: 60,
      }),
    );
    return { origin: sample.origin, pathPrefix: sample.pathname.slice(0, -`/${sampleKey}`.length) };
  } finally {
    client.destroy();
  }
}

/**
 * The origins players fetch media from besides this site, for the page's security policy
 * (connect-src for hls.js, media-src for Safari's player and the preview, img-src for the
 * poster), and nothing wider: the CDN's when there is one (it serves every stream and public
 * file), else the bucket's when segments are presigned, else none.
 */
export async function mediaOrigins(media: Pick<MediaSettings, 's3' | 'cdn'>): Promise<string[]> {
  if (media.cdn) return [new URL(media.cdn.baseUrl).origin];
  if (!media.s3) return [];
  return [(await bucketAddress(media.s3)).origin];
}
