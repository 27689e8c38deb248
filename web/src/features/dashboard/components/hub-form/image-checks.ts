// The Hub image's client-side pre-checks (spec §5), the same limits the server enforces from the
// bytes: a quick refusal here saves uploading 5 MB only to be told no.

export const HUB_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];
export const HUB_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'];
export const HUB_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const ImageMessages = {
  unsupported: 'Tipo de arquivo não suportado. Por favor, use JPG, PNG ou WebP.',
  tooLarge: 'Arquivo muito grande. O limite é 5MB.',
  uploaded: 'Imagem enviada com sucesso!',
  uploadFailed: 'Erro ao fazer upload da imagem. Tente novamente.',
  loadFailed: 'Erro ao carregar imagem',
  badUrl: 'Informe um endereço de imagem válido (http ou https).',
} as const;

/** Null when the file may be sent; else the message to show. */
export function checkHubImage(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  // Some systems leave the type empty: then the extension decides (the server reads the bytes).
  const typeOk = file.type ? HUB_IMAGE_TYPES.includes(file.type.toLowerCase()) : HUB_IMAGE_EXTENSIONS.includes(extension);
  if (!typeOk) return ImageMessages.unsupported;
  if (file.size > HUB_IMAGE_MAX_BYTES) return ImageMessages.tooLarge;
  return null;
}

/** A pasted image address: absolute http(s), or a path on this site (/files/hubs/…). */
export function isImageUrl(value: string): boolean {
  const text = value.trim();
  if (text.startsWith('/') && !text.startsWith('//')) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
