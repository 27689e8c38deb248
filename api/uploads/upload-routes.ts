// POST /api/upload (docs/admin-api.md, "Uploads"): one image per request into a folder, stored
// through the FileStorage port, plus GET /files/* when the storage is a folder on this machine.
// Multipart parsing is registered in this plugin only: no other route accepts multipart bodies.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { uploadFile } from '../../contract/uploads/upload-endpoints.js';
import type { FileStorage } from '../../infra/storage/port.js';
import { route } from '../contract/route.js';
import { requireUser } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';
import { ApiError, badRequest, forbidden } from '../http/errors.js';
import { storageKeyFor } from './file-names.js';
import { serveStoredFiles } from './file-routes.js';
import { acceptedImageType } from './image-type.js';
import { lingerOnClose } from './lingering-close.js';
import { FileTooLargeError, readUploadForm } from './read-upload-form.js';
import { DEFAULT_FOLDER, FOLDERS, LARGEST_FILE, isUploadFolder, mayUploadTo, type UploadFolder } from './upload-folders.js';

export interface UploadRoutesOptions {
  storage: FileStorage;
  clock?: () => Date;
  /** Uploads one caller may make per minute. */
  uploadsPerMinute?: number;
}

export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  const { storage } = options;
  const clock = options.clock ?? (() => new Date());
  await app.register(multipart, {
    // Our own count stops the file at its folder's limit; this is the parser's backstop.
    throwFileSizeLimit: false,
    limits: { fileSize: LARGEST_FILE + 1, files: 1, fields: 8, parts: 9, fieldSize: 256, fieldNameSize: 64, headerPairs: 20 },
  });

  route(
    app,
    uploadFile,
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new ApiError(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data, no campo "file".');
      }
      // The folder in force when the file started (it may also come after the file: checked below).
      let folderAtFile: UploadFolder = DEFAULT_FOLDER;
      let form;
      try {
        // Who may use a folder named before the file is checked before any of the file is read.
        form = await readUploadForm(request, (before) => {
          folderAtFile = allowedFolder(user, before.folder);
          return FOLDERS[folderAtFile].maxBytes;
        });
      } catch (error) {
        // A refusal mid-body leaves the rest unread: the connection closes once the answer is sent,
        // so the client stops sending, without a reset that could lose the answer.
        if (!request.raw.readableEnded) {
          void reply.header('connection', 'close');
          lingerOnClose(request.raw.socket);
        }
        throw error instanceof FileTooLargeError ? tooLarge(folderAtFile) : error;
      }
      const folder = allowedFolder(user, form.fields.folder);
      const rules = FOLDERS[folder];
      if (!form.file) throw badRequest('missing_file', 'Nenhum arquivo enviado. Envie a imagem no campo "file".');
      if (form.file.byteLength > rules.maxBytes) throw tooLarge(folder);
      const type = await acceptedImageType(form.file, rules.types);
      if (!type) throw badRequest('unsupported_file_type', rules.unsupportedMessage);

      const key = storageKeyFor(folder, form.fields.hub_id, type.ext, clock(), user.id);
      const stored = await storage.put(key, form.file, type.mime);
      return reply.status(201).send({ url: stored.url, path: stored.path, content_type: type.mime, size: form.file.byteLength });
    },
    {
      config: {
        rateLimit: {
          max: options.uploadsPerMinute ?? 20,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
        },
      },
    },
  );

  if (storage.open) serveStoredFiles(app, storage.open.bind(storage));
};

/** The folder named (default: uploads), if it exists and the caller may use it. */
function allowedFolder(user: AuthUser, named: string | undefined): UploadFolder {
  const folder = named ?? DEFAULT_FOLDER;
  if (!isUploadFolder(folder)) throw badRequest('invalid_folder', 'Pasta inválida. Use hubs, avatars ou uploads.');
  if (!mayUploadTo(user, folder)) throw forbidden('Apenas administradores podem enviar imagens de Hubs.');
  return folder;
}

function tooLarge(folder: UploadFolder): ApiError {
  return new ApiError(413, 'file_too_large', FOLDERS[folder].tooLargeMessage);
}
