import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import type { ReminderEvent } from './reminder-events.js';
import { reminderKey } from './reminder-events.js';
import { remindersDecider, reminderStep } from './reminder-decide.js';
import { noticeText } from './reminder-messages.js';

const MIN = 60_000;
const LEAD = 30 * MIN;
const END = Date.parse('2026-11-27T18:00:00Z');
const endAt = new Date(END).toISOString();
const active = { status: 'active' as const, endMs: END };
const none = new Set<string>();

describe('reminderStep', () => {
  it('sends the ending-soon notice from 30 minutes before the end while active', () => {
    expect(reminderStep('ending_soon', END, active, none, END - LEAD, LEAD)).toEqual({ action: 'send', endMs: END });
    expect(reminderStep('ending_soon', END, active, none, END - 1, LEAD)).toEqual({ action: 'send', endMs: END });
  });
  it('fired early, it runs again when due', () => {
    expect(reminderStep('ending_soon', END, active, none, END - LEAD - 5_000, LEAD)).toEqual({ action: 'reschedule', runAtMs: END - LEAD, endMs: END });
  });
  it('follows an end moved by an extension instead of sending', () => {
    const extended = { status: 'active' as const, endMs: END + 120 * MIN };
    expect(reminderStep('ending_soon', END, extended, none, END - LEAD, LEAD)).toEqual({
      action: 'reschedule',
      runAtMs: END + 90 * MIN,
      endMs: END + 120 * MIN,
    });
    expect(reminderStep('overdue', END, extended, none, END, LEAD)).toEqual({ action: 'reschedule', runAtMs: END + 120 * MIN, endMs: END + 120 * MIN });
  });
  it('drops what a finalized, cancelled or left-for-pickup reservation no longer needs', () => {
    for (const status of ['completed', 'cancelled', 'awaiting_pickup'] as const) {
      expect(reminderStep('ending_soon', END, { status, endMs: END }, none, END - LEAD, LEAD)).toEqual({ action: 'drop', why: 'closed' });
      expect(reminderStep('overdue', END, { status, endMs: END }, none, END, LEAD)).toEqual({ action: 'drop', why: 'closed' });
    }
    expect(reminderStep('overdue', END, { status: 'expired', expiredReason: 'payment_overdue', endMs: END }, none, END, LEAD).action).toBe('drop');
  });
  it('sends the overdue notice at the end, before or after the expiry ran', () => {
    expect(reminderStep('overdue', END, active, none, END, LEAD)).toEqual({ action: 'send', endMs: END });
    expect(reminderStep('overdue', END, { status: 'expired', expiredReason: 'ended', endMs: END }, none, END + MIN, LEAD)).toEqual({
      action: 'send',
      endMs: END,
    });
    expect(reminderStep('ending_soon', END, { status: 'expired', expiredReason: 'ended', endMs: END }, none, END + MIN, LEAD).action).toBe('drop');
  });
  it('never sends a notice twice for one end, nor an ending-soon notice after the end', () => {
    expect(reminderStep('ending_soon', END, active, new Set([reminderKey('ending_soon', endAt)]), END - LEAD, LEAD)).toEqual({ action: 'drop', why: 'sent' });
    expect(reminderStep('ending_soon', END, active, none, END, LEAD)).toEqual({ action: 'drop', why: 'too_late' });
  });
});

describe('remindersDecider', () => {
  const spec = specFor(remindersDecider);
  const command = {
    type: 'RecordReminder' as const,
    reservationId: 'r1',
    userId: 'u1',
    kind: 'ending_soon' as const,
    endAt,
    channels: ['email' as const],
    at: endAt,
  };
  const sent: ReminderEvent = {
    type: 'ReminderSent',
    data: { reservationId: 'r1', userId: 'u1', kind: 'ending_soon', endAt, channels: ['email'], at: endAt },
  };
  it('records a notice once per kind and end', () => {
    spec([]).when(command).then([sent]);
    spec([sent]).when(command).then([]);
  });
  it('records it again for a new end, and the other kind for the same end', () => {
    const later = new Date(END + 60 * MIN).toISOString();
    spec([sent])
      .when({ ...command, endAt: later })
      .then([{ type: 'ReminderSent', data: { ...sent.data, endAt: later } }]);
    spec([sent])
      .when({ ...command, kind: 'overdue' })
      .then([{ type: 'ReminderSent', data: { ...sent.data, kind: 'overdue' } }]);
  });
});

describe('noticeText', () => {
  it('says the end in São Paulo time and, when overdue, until when the goods are kept', () => {
    const soon = noticeText({ kind: 'ending_soon', endMs: END, hubName: 'Hub Paulista', lockerNumber: 12 });
    expect(soon.body).toContain('Sua reserva do locker 12 (Hub Paulista) termina em 27/11/2026 15:00');
    const overdue = noticeText({ kind: 'overdue', endMs: END, hubName: null, lockerNumber: null });
    expect(overdue.body).toContain('Sua reserva terminou em 27/11/2026 15:00');
    expect(overdue.body).toContain('até 28/11/2026 15:00');
  });
});

describe('checkedPushEndpoint', () => {
  it('takes a push service over HTTPS and refuses this machine and private networks', async () => {
    const { checkedPushEndpoint } = await import('./push-endpoint.js');
    expect(checkedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe('https://fcm.googleapis.com/fcm/send/abc');
    for (const bad of ['http://fcm.googleapis.com/x', 'https://127.0.0.1:9/x', 'https://10.0.0.5/x', 'nada']) {
      expect(() => checkedPushEndpoint(bad, false)).toThrow('Informe o endereço HTTPS');
    }
    expect(checkedPushEndpoint('https://127.0.0.1:9443/push/1', true)).toBe('https://127.0.0.1:9443/push/1');
  });
});

describe('the overdue hold', () => {
  const held = { reservationId: 'r1', hubId: 'SP-01', lockerId: 'L1', startMs: END - 60 * MIN };
  const HOLD = 24 * 60 * MIN;
  const overdueSent: ReminderEvent = {
    type: 'ReminderSent',
    data: { reservationId: 'r1', userId: 'u1', kind: 'overdue', endAt, channels: [], at: endAt },
  };
  it('holds the locker with the pickups own fact, and releases it once end + hold has come', async () => {
    const { overdueHoldFacts, releaseHold } = await import('./overdue-hold.js');
    const { evolveReminders, initialRemindersState } = await import('./reminder-events.js');
    expect(overdueHoldFacts(held)).toEqual([
      { type: 'GoodsLeftInLocker', data: { hubId: 'SP-01', lockerId: 'L1', reservationId: 'r1', startTime: new Date(END - 60 * MIN).toISOString() } },
    ]);
    const state = evolveReminders(initialRemindersState(), overdueSent);
    expect(releaseHold(initialRemindersState(), held, END + HOLD, HOLD)).toBeNull();
    expect(releaseHold(state, held, END + HOLD - 1, HOLD)).toBeNull();
    const release = releaseHold(state, held, END + HOLD, HOLD)!;
    expect(release.hub).toEqual([{ type: 'GoodsCollected', data: { hubId: 'SP-01', lockerId: 'L1', reservationId: 'r1' } }]);
    expect(releaseHold(evolveReminders(state, release.reminders[0]!), held, END + HOLD, HOLD)).toBeNull();
  });
});
