import { describe, expect, it } from 'vitest';
import { cursorAfter, readCursor } from './partner-reservation-view.js';

const id = 'e2a7c3d9-5b1f-4c8e-9a6d-0f3b7e1c5a92';

describe('the partner list cursor', () => {
  it('given a row, when its cursor is read back, then it names that row', () => {
    const cursor = cursorAfter({ created_at: '2026-11-26T18:30:00.123Z', id });
    expect(cursor).toMatch(/^[\w-]+$/); // opaque and URL-safe
    expect(readCursor(cursor)).toEqual({ createdAt: new Date('2026-11-26T18:30:00.123Z'), id });
  });

  it('given text that is not a cursor of ours, then it is refused (null)', () => {
    expect(readCursor('nao-e-um-cursor')).toBeNull();
    expect(readCursor(Buffer.from(`2026-11-26T18:30:00.000Z|${id}|x`).toString('base64url'))).toBeNull();
    expect(readCursor(Buffer.from('ontem|' + id).toString('base64url'))).toBeNull();
    expect(readCursor(Buffer.from('2026-11-26T18:30:00.000Z|1 OR 1=1').toString('base64url'))).toBeNull();
  });
});
