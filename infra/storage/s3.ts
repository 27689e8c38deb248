// Files in an S3-compatible bucket (AWS S3, MinIO, R2, …). Browsers load them from the bucket's
// public URL, so the API serves nothing itself; making that URL readable (a bucket policy or a
// CDN in front) is the bucket owner's part, no ACL is set per object.
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertRemovablePrefix, assertStorableKey } from './keys.js';
import { FILE_CACHE_CONTROL, type FileStorage } from './port.js';
import type { S3StorageConfig } from './s3-config.js';

export function createS3Storage(config: S3StorageConfig, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });

  return {
    publicOrigin: new URL(config.publicUrl).origin,

    async put(key, bytes, contentType) {
      assertStorableKey(key, contentType);
      await s3.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: FILE_CACHE_CONTROL,
        }),
      );
      return { url: `${config.publicUrl}/${key}`, path: key };
    },

    async removeAll(prefix) {
      assertRemovablePrefix(prefix);
      let removed = 0;
      // A listing page holds at most 1,000 keys, as many as one DeleteObjects takes.
      for (let token: string | undefined; ;) {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: keys, Quiet: true } }));
        removed += keys.length;
        if (!page.IsTruncated) return removed;
        token = page.NextContinuationToken;
      }
    },
  };
}
