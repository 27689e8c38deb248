import type { NoticeChannel, ReminderKind } from '../domain/reminders/reminder-events.js';
import { remindersStreamId } from '../domain/reminders/reminder-events.js';
import { remindersDecider } from '../domain/reminders/reminder-decide.js';
import type { HeldLocker } from '../domain/reminders/overdue-hold.js';
import { overdueHoldFacts, releaseHold } from '../domain/reminders/overdue-hold.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import type { CommandContext } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';

// Records a reminder on the reservation's reminders stream with its expected version, before any
// channel is used: of several workers (replicas, a retry, the sweeper) deciding the same notice,
// one append wins and only its worker sends; the others decide again, see it, and stop.

export interface ReminderRecord {
  reservationId: string;
  userId: string;
  kind: ReminderKind;
  endAt: string;
  channels: NoticeChannel[];
}

/** The notices already recorded for a reservation (kind@endAt). */
export async function sentReminders(deps: Pick<CommandDeps, 'store'>, reservationId: string) {
  return (await loadState(deps.store, remindersStreamId(reservationId), remindersDecider)).state.sent;
}

const loadReminders = (deps: Pick<CommandDeps, 'store'>, reservationId: string) => loadState(deps.store, remindersStreamId(reservationId), remindersDecider);

/**
 * True when this call recorded the notice (and so must send it); false when it was already. An
 * overdue notice puts its hold on the locker in the same atomic append (the Hub's GoodsLeftInLocker).
 */
export function recordReminder(deps: Pick<CommandDeps, 'store'>, record: ReminderRecord, ctx: CommandContext, hold?: HeldLocker): Promise<boolean> {
  const streamId = remindersStreamId(record.reservationId);
  return runCommand<Awaited<ReturnType<typeof loadReminders>>, boolean>(deps.store, ctx, {
    read: () => loadReminders(deps, record.reservationId),
    decide: ({ state, version }) => {
      const events = remindersDecider.decide({ type: 'RecordReminder', ...record, at: ctx.now.toISOString() }, state);
      if (events.length === 0) return { answer: false };
      const hub =
        record.kind === 'overdue' && hold ? [{ streamId: hubStreamId(hold.hubId), events: overdueHoldFacts(hold), expectedVersion: 'any' as const }] : [];
      return { append: [{ streamId, events, expectedVersion: version }, ...hub], written: () => true };
    },
  });
}

/** Ends a reservation's overdue hold once due: OverdueHoldReleased here, GoodsCollected on the Hub. */
export function releaseOverdueHold(deps: Pick<CommandDeps, 'store'>, hold: HeldLocker, holdMs: number, ctx: CommandContext): Promise<boolean> {
  const streamId = remindersStreamId(hold.reservationId);
  return runCommand<Awaited<ReturnType<typeof loadReminders>>, boolean>(deps.store, ctx, {
    read: () => loadReminders(deps, hold.reservationId),
    decide: ({ state, version }) => {
      const release = releaseHold(state, hold, ctx.now.getTime(), holdMs);
      if (!release) return { answer: false };
      return {
        append: [
          { streamId, events: release.reminders, expectedVersion: version },
          { streamId: hubStreamId(hold.hubId), events: release.hub, expectedVersion: 'any' },
        ],
        written: () => true,
      };
    },
  });
}
