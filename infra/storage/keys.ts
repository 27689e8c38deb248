// What a storage key may look like, and the content type its extension stands for. Keys are made
// by the server, but every adapter checks them again: a key is a path on disk, and a name that
// could climb out of its folder or carry an unknown type is refused rather than cleaned.

const KEY = /^[a-z0-9][a-z0-9_-]{0,31}\/[a-z0-9][a-z0-9_-]{0,127}\.([a-z0-9]{1,5})$/;

/** The raster image types files are stored as, by the extension their names end in. */
const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The content type a key's extension stands for; null for a key no adapter may hold. */
export function contentTypeOfKey(key: string): string | null {
  const extension = KEY.exec(key)?.[1];
  return extension ? (TYPE_OF_EXTENSION[extension] ?? null) : null;
}

const PREFIX = /^[a-z0-9][a-z0-9_-]{0,31}\/[a-z0-9][a-z0-9_-]{0,127}$/;

/** Throws unless prefix is `{folder}/{start of a name}`: removals never reach past one folder. */
export function assertRemovablePrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`not a removable prefix: ${JSON.stringify(prefix)}`);
}

/** Throws unless key is `{folder}/{name}.{ext}` of a known type, and that type is contentType. */
export function assertStorableKey(key: string, contentType: string): void {
  const expected = contentTypeOfKey(key);
  if (expected === null) throw new Error(`not a storable key: ${JSON.stringify(key)}`);
  if (expected !== contentType) throw new Error(`key ${key} is ${expected}, not ${contentType}`);
}
