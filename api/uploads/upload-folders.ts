// The folders an upload may go to, who may use each, and what each accepts (docs/admin-api.md,
// "Uploads"; limits and messages are the spec's). Types are checked against the file's bytes.
import type { AuthUser } from '../auth/types.js';
import { isAdmin } from '../auth/guard.js';

export type UploadFolder = 'hubs' | 'avatars' | 'uploads';

export interface FolderRules {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Content types accepted, as read from the bytes. */
  types: readonly string[];
  /** Who may store here besides admins. */
  adminOnly: boolean;
  /** The word a file name starts with when nothing better is known. */
  word: string;
  unsupportedMessage: string;
  tooLargeMessage: string;
}

const MB = 1024 * 1024;

export const FOLDERS: Readonly<Record<UploadFolder, FolderRules>> = {
  hubs: {
    maxBytes: 5 * MB,
    types: ['image/jpeg', 'image/png', 'image/webp'],
    adminOnly: true,
    word: 'hub',
    unsupportedMessage: 'Tipo de arquivo não suportado. Por favor, use JPG, PNG ou WebP.',
    tooLargeMessage: 'Arquivo muito grande. O limite é 5MB.',
  },
  avatars: {
    maxBytes: 10 * MB,
    types: ['image/png', 'image/jpeg', 'image/gif'],
    adminOnly: false,
    word: 'avatar',
    unsupportedMessage: 'Por favor selecione apenas arquivos de imagem',
    tooLargeMessage: 'Arquivo muito grande. Tamanho máximo: 10MB',
  },
  uploads: {
    maxBytes: 10 * MB,
    types: ['image/png', 'image/jpeg', 'image/gif'],
    adminOnly: false,
    word: 'upload',
    unsupportedMessage: 'Por favor selecione apenas arquivos de imagem',
    tooLargeMessage: 'Arquivo muito grande. Tamanho máximo: 10MB',
  },
};

/** The spec's client sends no folder for a plain upload. */
export const DEFAULT_FOLDER: UploadFolder = 'uploads';

/** No folder accepts more: the bound for a file that arrives before its folder is known. */
export const LARGEST_FILE = Math.max(...Object.values(FOLDERS).map((rules) => rules.maxBytes));

export function isUploadFolder(value: string): value is UploadFolder {
  return Object.hasOwn(FOLDERS, value);
}

export function mayUploadTo(user: AuthUser, folder: UploadFolder): boolean {
  return !FOLDERS[folder].adminOnly || isAdmin(user);
}
