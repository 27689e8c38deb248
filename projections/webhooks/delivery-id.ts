import { createHash } from 'node:crypto';

// A delivery's id is a function of its endpoint and its event, so a rebuild that replays the log
// finds the row already there (ON CONFLICT DO NOTHING) instead of queueing the event again.
export function deliveryId(endpointId: string, eventId: string): string {
  const h = createHash('sha256').update(`webhook-delivery:${endpointId}:${eventId}`).digest('hex');
  // Shaped as a UUID (version 8, variant 10), so the column stays uuid.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
