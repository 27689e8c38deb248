import { z } from 'zod';

// What a Hub's controller syncs to keep its doors working offline (issue 29, ADR 0025), and what it
// reports back: door states, heartbeats and the attempts it decided while offline. Both calls are
// signed as ADR 0008 (X-Hub-Timestamp, X-Hub-Signature over METHOD \n PATH \n TIMESTAMP \n BODY;
// a GET signs an empty body). The manifest's answer is signed too (X-Hub-Manifest-Signature), so
// a controller trusts only a manifest its Hub's key vouches for, also when read back from disk.

const Instant = z.iso.datetime({ offset: true });

export const ManifestEntry = z.object({
  reservation_id: z.string(),
  /** `access`: the renter's rotating code; `pickup`: the pickup code of goods left for collection. */
  kind: z.enum(['access', 'pickup']),
  locker_id: z.string(),
  locker_order: z.number().int(),
  locker_interface: z.string().meta({ description: '"{hardware}:{ordem, dois dígitos}", ex.: LK-31:03' }),
  /** The code opens from here (the reservation's start)… */
  opens_from: Instant,
  /** …until here (its end; a pickup: its code's horizon), never past the manifest's valid_until. */
  opens_until: Instant,
  /** The reservation's code key, base64url (ADR 0025): code_n = PRF(code_key, kind, n). */
  code_key: z.string(),
  /** Codes of this kind issued so far: the live one is number next_index - 1 (none when 0). */
  next_index: z.number().int().nonnegative(),
  /** When the live code was issued (null: none yet); the rotation advances one index per rotation_ms. */
  latest_issued_at: Instant.nullable(),
  rotation_ms: z.number().int().positive(),
});

export const Manifest = z.object({
  hub_id: z.string(),
  /** The server's clock when it was made: the controller's time reference while offline. */
  issued_at: Instant,
  /** The controller stops trusting it after this (issued_at + 24 h). */
  valid_until: Instant,
  /** How often the controller syncs while online and sends a heartbeat. */
  sync_every_ms: z.number().int().positive(),
  heartbeat_every_ms: z.number().int().positive(),
  entries: z.array(ManifestEntry),
});

export const DoorState = z.enum(['opened', 'closed', 'left_open', 'jammed', 'forced']);

const EventBase = { id: z.uuid(), at: Instant };

export const ControllerEvent = z.discriminatedUnion('type', [
  /** Alive; `offline_since` when it has been unable to reach Hub (sent with the first batch back). */
  z.object({ ...EventBase, type: z.literal('heartbeat'), manifest_issued_at: Instant.nullable().optional() }),
  /** What a door did: opened, closed, left open longer than allowed, failed to open, opened without a command. */
  z.object({
    ...EventBase,
    type: z.literal('door_state'),
    locker_order: z.number().int(),
    state: DoorState,
    request_id: z.uuid().nullable().optional(),
    /** Sent from the controller's offline queue (it could not reach Hub when the door did it). */
    offline: z.boolean().optional(),
  }),
  /** A code typed while offline and decided from the manifest, at its original time. */
  z.object({
    ...EventBase,
    type: z.literal('offline_attempt'),
    request_id: z.uuid(),
    outcome: z.enum(['opened', 'refused', 'locked_out']),
    reservation_id: z.string().nullable(),
    kind: z.enum(['access', 'pickup']).nullable(),
    locker_order: z.number().int().nullable(),
    /** Which of the reservation's codes opened (its index), for the audit trail; never the code. */
    code_index: z.number().int().nonnegative().nullable(),
  }),
]);

export const ControllerEventsBody = z.object({ events: z.array(ControllerEvent).min(1).max(500) });
export const ControllerEventsAnswer = z.object({
  /** Events recorded by this call. */
  accepted: z.number().int(),
  /** Events already recorded by an earlier try of the same batch: nothing was written twice. */
  duplicates: z.number().int(),
});

export type ManifestView = z.infer<typeof Manifest>;
export type ManifestEntryView = z.infer<typeof ManifestEntry>;
export type ControllerEventInput = z.infer<typeof ControllerEvent>;
export type DoorStateValue = z.infer<typeof DoorState>;
