import { z } from 'zod';
import { forbiddenError } from '../shared/error-body.js';
import { endpoint } from '../endpoint.js';

// Uploads (docs/admin-api.md, "Uploads"): one image per request into a folder, and the files a
// local-disk storage serves back. The body is multipart/form-data, read by the handler as it
// streams (never parsed into memory whole).

export const UPLOAD_FOLDERS = ['hubs', 'avatars', 'uploads'] as const;

export const UploadAnswer = z.object({
  /** Where the file is read from (/files/… on local disk, else the bucket's address). */
  url: z.string(),
  path: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});

export const uploadFile = endpoint({
  method: 'POST',
  path: '/api/upload',
  tag: 'Arquivos',
  summary: 'Envia uma imagem (campo "file"; "folder": hubs, avatars ou uploads; "hub_id" opcional)',
  description: 'hubs só para administradores (JPG, PNG ou WebP até 5 MB); avatars PNG, JPEG ou GIF até 10 MB.',
  auth: 'bearer',
  bodyMediaType: 'multipart/form-data',
  responses: { 201: UploadAnswer },
  errors: [
    { status: 400, code: 'invalid_folder', message: 'Pasta inválida. Use hubs, avatars ou uploads.' },
    { ...forbiddenError, message: 'Apenas administradores podem enviar imagens de Hubs.' },
    { status: 400, code: 'missing_file', message: 'Nenhum arquivo enviado. Envie a imagem no campo "file".' },
    { status: 400, code: 'unsupported_file_type', message: 'Tipo de arquivo não suportado. Por favor, use JPG, PNG ou WebP.' },
    { status: 413, code: 'file_too_large', message: 'Arquivo muito grande. O limite é 5MB.' },
    { status: 400, code: 'unexpected_file', message: 'Envie a imagem no campo "file".' },
    { status: 400, code: 'too_many_files', message: 'Envie um único arquivo por vez.' },
    { status: 400, code: 'too_many_parts', message: 'Formulário com campos demais.' },
    { status: 400, code: 'invalid_multipart', message: 'Formulário de envio inválido.' },
  ],
  examples: {
    response: {
      url: '/files/hubs/sp-01-1795716000000-a3f9c21b7e04.webp',
      path: 'hubs/sp-01-1795716000000-a3f9c21b7e04.webp',
      content_type: 'image/webp',
      size: 184320,
    },
  },
});

export const getStoredFile = endpoint({
  method: 'GET',
  path: '/files/{folder}/{name}',
  tag: 'Arquivos',
  summary: 'Um arquivo enviado, como foi guardado (quando o armazenamento é o disco do servidor)',
  auth: 'public',
  params: z.object({ folder: z.string(), name: z.string() }),
  responses: { 200: null },
  responseMediaType: { 200: 'image/*' },
  errors: [{ status: 404, code: 'not_found', message: 'Arquivo não encontrado.' }],
});

export const uploadEndpoints = { uploadFile, getStoredFile };

export type UploadAnswerView = z.infer<typeof UploadAnswer>;
export type UploadFolderName = (typeof UPLOAD_FOLDERS)[number];
