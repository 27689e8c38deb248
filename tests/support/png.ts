// Real PNG files made in the test (valid chunks and CRCs, any size), for the upload tests and the
// browser tests that upload an image. No app imports, so browser tests load it cheaply.
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid RGB PNG of width × height. With noise, pixels are random and stored without compression,
 * so the file is about width × height × 3 bytes: a real image of a chosen size.
 */
export function makePng(width: number, height: number, { noise = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const row = width * 3 + 1; // each row starts with its filter type (0)
  const raw = noise ? randomBytes(row * height) : Buffer.alloc(row * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * row] = 0;
  const pixels = deflateSync(raw, { level: noise ? 0 : 9 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real PNG of at least bytes bytes (random pixels, stored). */
export function pngOfAtLeast(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 1;
  return makePng(side, side, { noise: true });
}
