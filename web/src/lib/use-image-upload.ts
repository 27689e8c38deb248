import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { type UploadFolder, uploadFile } from './upload-file';

interface ImageUploadOptions {
  folder: UploadFolder;
  /** A refusal message for a file the server would refuse anyway (type, size); null to send it. */
  check: (file: File) => string | null;
  messages: { uploaded: string; failed: string };
  onUploaded: (url: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * One image sent to POST /api/upload with its real progress (the Hub image and the avatar):
 * refusals and failures toasted and kept as the field's error, cancelled when the form goes.
 */
export function useImageUpload({ folder, check, messages, onUploaded, onUploadingChange }: ImageUploadOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // An upload still running when the form closes is cancelled.
  useEffect(() => () => abortRef.current?.abort(), []);

  const upload = async (file: File) => {
    const refusal = check(file);
    if (refusal) {
      setError(refusal);
      toast.error(refusal);
      return;
    }
    setError(null);
    setProgress(0);
    onUploadingChange?.(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const result = await uploadFile(file, folder, { onProgress: setProgress, signal: controller.signal });
      setProgress(100);
      onUploaded(result.url);
      toast.success(messages.uploaded);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      const message = errorMessage(caught, messages.failed);
      setError(`Erro: ${message}`);
      toast.error(messages.failed, { description: message });
    } finally {
      abortRef.current = null;
      onUploadingChange?.(false);
      // The bar stays a moment at 100 % so the end is seen, then goes.
      window.setTimeout(() => setProgress(null), 500);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return { inputRef, progress, uploading: progress !== null && progress < 100, error, setError, upload };
}
