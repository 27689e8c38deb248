// The S3-compatible bucket uploads go to, read from the environment. Set S3_ENDPOINT with
// S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to use one; without S3_ENDPOINT files stay on disk.

export interface S3StorageConfig {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
  /** Base URL browsers load objects from; default `{endpoint}/{bucket}` (path style). */
  publicUrl: string;
  /** `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint}/{key}`: MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** The bucket's settings, null without S3_ENDPOINT; throws when S3_ENDPOINT comes without its keys. */
export function s3ConfigFromEnv(env: Env): S3StorageConfig | null {
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '');
  if (!endpoint) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_ENDPOINT is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too.');
  }
  const bucket = env.S3_BUCKET?.trim() || 'hub-files';
  return {
    endpoint,
    accessKeyId,
    secretAccessKey,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    publicUrl: (env.S3_PUBLIC_URL?.trim() || `${endpoint}/${bucket}`).replace(/\/+$/, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
  };
}
