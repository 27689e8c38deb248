// Which storage a process uploads to: the bucket when S3 is configured, else a folder on disk.
import { join } from 'node:path';
import { createLocalDiskStorage } from './local-disk.js';
import type { FileStorage } from './port.js';
import { createS3Storage } from './s3.js';
import type { S3StorageConfig } from './s3-config.js';

export interface StorageConfig {
  dataDir: string;
  s3: S3StorageConfig | null;
}

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(localUploadsDir(config.dataDir));
}

/** Where local files live: DATA_DIR/uploads/{folder}/{name}. */
export function localUploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}
