// Stored names are made here, never taken from the client: `{folder}/{prefix}-{ms}-{random}.{ext}`,
// the prefix being the Hub's id for a Hub image (as the spec's client named them), the owner's id
// for an avatar (so erasing the account finds every picture they sent), or a word.
import { randomBytes } from 'node:crypto';
import type { UploadFolder } from './upload-folders.js';
import { FOLDERS } from './upload-folders.js';

const HUB_ID = /^[A-Za-z]{2}-\d{2}$/;

export function storageKeyFor(folder: UploadFolder, hubId: string | undefined, ext: string, now: Date, ownerId: string): string {
  const prefix = folder === 'avatars' ? ownerId.toLowerCase() : folder === 'hubs' && hubId && HUB_ID.test(hubId) ? hubId.toLowerCase() : FOLDERS[folder].word;
  return `${folder}/${prefix}-${now.getTime()}-${randomBytes(6).toString('hex')}.${ext}`;
}

/** Every avatar a user has sent starts with this (their id is a uuid: no one else's starts so). */
export const avatarKeyPrefix = (userId: string) => `avatars/${userId.toLowerCase()}-`;
