// Reads an upload's multipart form as it streams in: its text fields and one file part, `file`.
// The file is counted chunk by chunk and the read stops as soon as it passes its limit, so memory
// holds at most the limit plus one chunk, whatever the client sends. The limit (and who may send
// to the folder) is decided when the file part starts, from the fields that came before it.
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ApiError, badRequest } from '../http/errors.js';

export interface UploadForm {
  /** Text fields by name (the first value of each). */
  fields: Record<string, string>;
  file: Buffer | null;
}

/** The file passed limit bytes; nothing more was read. */
export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`file larger than ${limit} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * Given the fields before the file, the file's byte limit; it may throw to refuse the upload
 * before any of the file is read.
 */
export type FileLimit = (fieldsBefore: Readonly<Record<string, string>>) => number;

export async function readUploadForm(request: FastifyRequest, limitOf: FileLimit): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !part.valueTruncated) fields[part.fieldname] ??= part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.destroy();
        throw badRequest('unexpected_file', 'Envie a imagem no campo "file".');
      }
      file = await readAtMost(part.file, limitOf(fields));
    }
  } catch (error) {
    throw publicMultipartError(error);
  }
  return { fields, file };
}

async function readAtMost(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Leaving the loop destroys the stream: the multipart parser stops reading the request.
    if (size > limit) throw new FileTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

// The multipart plugin's own refusals, in pt-BR; ours (ApiError, FileTooLargeError) pass through.
const byPluginCode: Record<string, ApiError> = {
  FST_FILES_LIMIT: badRequest('too_many_files', 'Envie um único arquivo por vez.'),
  FST_PARTS_LIMIT: badRequest('too_many_parts', 'Formulário com campos demais.'),
  FST_FIELDS_LIMIT: badRequest('too_many_parts', 'Formulário com campos demais.'),
  FST_PROTO_VIOLATION: badRequest('invalid_multipart', 'Formulário de envio inválido.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new ApiError(415, 'unsupported_media_type', 'Envie o arquivo como multipart/form-data.'),
};

function publicMultipartError(error: unknown): unknown {
  if (error instanceof ApiError || error instanceof FileTooLargeError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? byPluginCode[code] : undefined;
  if (known) return known;
  // Busboy's parse errors (a cut or malformed body) carry no code.
  if (error instanceof Error && !('statusCode' in error)) {
    return badRequest('invalid_multipart', 'Formulário de envio inválido ou incompleto.');
  }
  return error;
}
