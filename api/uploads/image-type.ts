// The type of an uploaded file, read from its bytes (magic numbers), never from its name or the
// type the client declared: a renamed executable stays an executable. SVG is text, not a raster
// image, and file-type does not report it, so it is never accepted (it can carry scripts).
import { fileTypeFromBuffer } from 'file-type';

export interface ImageType {
  mime: string;
  /** The extension stored names end in (jpg, png, webp, gif). */
  ext: string;
}

/** The file's type when it is one of accepted, else null. */
export async function acceptedImageType(bytes: Uint8Array, accepted: readonly string[]): Promise<ImageType | null> {
  if (bytes.byteLength === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  return found && accepted.includes(found.mime) ? { mime: found.mime, ext: found.ext } : null;
}
