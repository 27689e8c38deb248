// Issue 29 item 4: tests write what the controller's route would (DoorStateReported on the Hub's
// door-states stream; heartbeats through recordHeartbeat), without a controller.
import { randomUUID } from 'node:crypto';
import type { DoorStateReportedData } from '../../domain/doors/door-state-events.js';
import { doorStatesStreamId } from '../../domain/doors/door-state-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';

export async function reportDoorState(
  store: EventStore,
  report: Pick<DoorStateReportedData, 'hubId' | 'lockerId' | 'lockerOrder' | 'state' | 'at'> & Partial<DoorStateReportedData>,
) {
  const data: DoorStateReportedData = { reportId: randomUUID(), source: 'controller', reservationId: null, offline: false, ...report };
  return store.append(
    doorStatesStreamId(report.hubId),
    [
      {
        id: randomUUID(),
        type: 'DoorStateReported',
        data,
        metadata: { actor: { id: 'controller', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
      },
    ],
    'any',
  );
}
