// GET /files/{folder}/{name}: files a local-disk storage holds, as stored. Only names the server
// could have made are looked up (anything else is a 404 without touching the disk); the type
// sent is the stored one and nosniff stops browsers from guessing another (an image that is
// also valid HTML stays an image).
import type { FastifyInstance } from 'fastify';
import { getStoredFile } from '../../contract/uploads/upload-endpoints.js';
import { FILE_CACHE_CONTROL, type OpenedFile } from '../../infra/storage/port.js';
import { route } from '../contract/route.js';
import { notFound } from '../http/errors.js';
import { isUploadFolder } from './upload-folders.js';

const NAME = /^[a-z0-9][a-z0-9_-]{0,127}\.(?:jpg|png|webp|gif)$/;

export function serveStoredFiles(app: FastifyInstance, open: (key: string) => Promise<OpenedFile | null>): void {
  // A route-level onSend runs after the app's: the web app's hook marks every other page no-cache.
  const keepCacheControl = async (_request: unknown, reply: { statusCode: number; header(name: string, value: string): unknown }, payload: unknown) => {
    if (reply.statusCode === 200) reply.header('cache-control', FILE_CACHE_CONTROL);
    return payload;
  };
  route(
    app,
    getStoredFile,
    async (_request, reply, input) => {
      const { folder, name } = input.params();
      const file = isUploadFolder(folder) && NAME.test(name) ? await open(`${folder}/${name}`) : null;
      if (!file) throw notFound(getStoredFile.errors[0].message);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', FILE_CACHE_CONTROL)
        .send(file.stream);
    },
    { onSend: keepCacheControl },
  );
}
