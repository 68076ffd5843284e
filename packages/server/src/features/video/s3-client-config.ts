import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Settings } from './media-settings';

/**
 * The S3 client's settings, for the video storage's client and the tus S3 store's own. Types only
 * from the SDK: importing this loads nothing of it.
 */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: R2, OSS, Ceph and older MinIO refuse or mishandle
    // the SDK's newer default on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}
