// The words and the re-read timing of the doors card (web/src/features/doors/door-labels.ts,
// issue 29 item 4): text for every state, and an online controller read again when it would turn
// offline, so a page whose socket missed the push still shows it.
import { describe, expect, it } from 'vitest';
import { controllerText, doorDetail, doorStateText, DOORS_POLL_MS, nextDoorsRead } from '../../web/src/features/doors/door-labels.js';
import { keysForDoorsChanged } from '../../web/src/features/realtime/push-invalidations.js';
import { queryKeys } from '../../web/src/lib/query-keys.js';

const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

describe('the doors card', () => {
  it('names every door state in pt-BR, and a door that never reported', () => {
    expect(['opened', 'closed', 'left_open', 'jammed', 'forced', null].map((state) => doorStateText({ state: state as never }))).toEqual([
      'Aberta',
      'Fechada',
      'Aberta há muito tempo',
      'Emperrada',
      'Arrombada / aberta sem comando',
      'Sem informação',
    ]);
  });

  it('says since when and who reported it', () => {
    const detail = doorDetail({ since: '2026-11-27T13:05:00.000Z', source: 'renter', offline: false });
    expect(detail).toMatch(/^desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · informado pelo cliente$/);
    expect(doorDetail({ since: null, source: 'controller', offline: true })).toBe('relatado ao reconectar');
    expect(doorDetail({ since: null, source: null, offline: false })).toBe('');
  });

  it('badges the controller: online, offline since its last heartbeat, or none', () => {
    expect(controllerText({ status: 'online', offline_since: null })).toBe('Controlador online');
    expect(controllerText({ status: 'never', offline_since: null })).toBe('Sem controlador');
    const offline = controllerText({ status: 'offline', offline_since: '2026-11-27T13:05:00.000Z' });
    expect(offline.startsWith('Controlador offline desde ')).toBe(true);
    expect(offline.slice('Controlador offline desde '.length)).toMatch(DATE_TIME);
  });

  it('reads an online controller again just after it would turn offline (by the server clock), else polls', () => {
    const online = { status: 'online' as const, last_seen_at: '2026-11-27T13:00:00.000Z', offline_after_ms: 90_000, checked_at: '2026-11-27T13:01:20.000Z' };
    expect(nextDoorsRead(online)).toBe(10_500);
    expect(nextDoorsRead({ ...online, checked_at: '2026-11-27T13:00:00.000Z' })).toBe(DOORS_POLL_MS);
    expect(nextDoorsRead({ ...online, checked_at: '2026-11-27T13:05:00.000Z' })).toBe(1_000);
    expect(nextDoorsRead({ ...online, status: 'offline' })).toBe(DOORS_POLL_MS);
    expect(nextDoorsRead(undefined)).toBe(DOORS_POLL_MS);
  });

  it("a doors:changed push refreshes those Hubs' doors and the controller badges only", () => {
    const keys = keysForDoorsChanged(['BH-02']);
    const reaches = (key: readonly unknown[]) => keys.some((k) => k.every((part, i) => part === key[i]));
    expect(reaches(queryKeys.doors.hub('BH-02'))).toBe(true);
    expect(reaches(queryKeys.doors.controllers)).toBe(true);
    expect(reaches(queryKeys.doors.hub('SP-01'))).toBe(false);
  });
});
