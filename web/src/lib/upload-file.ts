import type { UploadAnswerView, UploadFolderName } from '@contract/uploads/upload-endpoints';
import { ApiError } from '@/lib/api-client';
import { refreshSession } from '@/lib/session-refresh';
import { StorageKeys, storage } from '@/lib/storage';

/** POST /api/upload's answer and folders (contract/uploads). */
export type UploadResult = UploadAnswerView;
export type UploadFolder = UploadFolderName;

export interface UploadOptions {
  /** 0–100 as the bytes leave the browser (xhr.upload.onprogress), not a simulation. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

// XMLHttpRequest rather than fetch: only XHR reports upload progress. Same contract as
// api-client: bearer token from storage, one renewal on a 401, errors as ApiError.
function send(file: File, folder: UploadFolder, options: UploadOptions, token: string | null): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Não foi possível conectar ao servidor. Verifique sua conexão.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelado', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // The folder goes first: the server reads fields in order and must know it before the file.
    form.append('folder', folder);
    form.append('file', file);
    xhr.send(form);
  });
}

/** POST /api/upload (multipart: folder, file); resolves with the stored file's public URL. */
export async function uploadFile(file: File, folder: UploadFolder, options: UploadOptions = {}): Promise<UploadResult> {
  let token = storage.get(StorageKeys.authToken);
  let answer = await send(file, folder, options, token);
  if (answer.status === 401 && token) {
    token = await refreshSession();
    if (token) answer = await send(file, folder, options, token);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as UploadResult;
  const error = (answer.body as { error?: { code?: string; message?: string } } | null)?.error;
  throw new ApiError(answer.status, error?.code ?? 'http_error', error?.message ?? `Error: ${answer.status}`);
}
