// File storage port: where uploaded images live. Adapters: a folder on local disk (embedded mode
// and single servers; the API serves it at /files) and an S3-compatible bucket (its own URLs).
// Keys are `{folder}/{name}`, made by the server, never by the client.
import type { Readable } from 'node:stream';

export interface StoredFile {
  /** Where a browser loads the file: `/files/{key}` from local disk, the bucket's public URL. */
  url: string;
  /** The key the file was stored under, `{folder}/{name}`. */
  path: string;
}

/** A stored file opened for the API to send. */
export interface OpenedFile {
  /** Holds the file open until read to the end or destroyed. */
  stream: Readable;
  contentType: string;
  size: number;
}

export interface FileStorage {
  /** Stores bytes under key (a new name each time: nothing is overwritten) with its content type. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile>;
  /**
   * Opens a stored file for the API to serve, null when there is none. Absent when the storage
   * serves its own URLs (a bucket), so the API then serves nothing at /files.
   */
  open?(key: string): Promise<OpenedFile | null>;
  /**
   * Deletes every file whose key starts with prefix (`{folder}/{start of a name}`, e.g. one
   * person's avatars); answers how many went.
   */
  removeAll(prefix: string): Promise<number>;
  /**
   * The origin (scheme://host[:port]) file URLs point at when it is not the API's own, for the
   * Content-Security-Policy's img-src; null when files come from the API itself.
   */
  readonly publicOrigin: string | null;
}

/** Lifetime browsers and caches may keep a stored file (the spec's 3600 s). */
export const FILE_CACHE_CONTROL = 'public, max-age=3600';
