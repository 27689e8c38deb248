import { v7 } from 'uuid';

/**
 * A new id for an event, a reservation, a locker or a user: a UUIDv7 (RFC 9562), whose first 48
 * bits are the time in milliseconds. Ids made one after another sort together, so the unique
 * index on event ids and the index of streams take each new one on the same few right-hand pages
 * instead of a random page of a large index (at city size those no longer fit in memory).
 */
export const newId = (): string => v7();
