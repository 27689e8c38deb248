import type { Pool } from 'pg';
import { alertState, raiseAlert, repeatAlert } from '../../commands/alert-commands.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import type { AlertKind, AlertRaisedData } from '../../domain/alerts/alert-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { alertMessage } from '../../infra/mail/alert-templates.js';
import type { Mailer } from '../../infra/mail/port.js';
import type { AlertTriggerRow } from '../../projections/alerts/queries.js';
import {
  alertMailDueAgain,
  alertMailSent,
  claimDueAlertMails,
  claimTriggersToRaise,
  markCounted,
  markRaisedAndPlanMails,
  triggerDueAgain,
  unresolvedAlertAt,
} from '../../projections/alerts/queries.js';
import { positiveMsFromEnv } from '../../infra/env-ms.js';
import { everyRound } from '../rounds.js';
import { workerContext } from '../worker-context.js';

// The alert workers (issue 29 item 5, ADR 0026). The alerts projector writes one alert_triggers
// row per fact that raises an alert (a door jammed, forced or left open; a controller offline),
// keyed by the alert id derived from the fact. Each round, every worker process claims rows
// (SKIP LOCKED, leased), appends AlertRaised to the alert's stream with expected version "no
// stream" (a second raise, by a replay, a restart or another replica, decides nothing), plans the
// alert's e-mails in the same statement that marks the row raised, then sends the e-mails due,
// each claimed for a lease and marked sent. No connection is held during a send, so it also runs
// on embedded PGlite's pool of one.

export const DEFAULT_ALERT_INTERVAL_MS = 1_000;
const LEASE_MS = 60_000;
const RETRY_MS = 30_000;

export interface AlertWorkerDeps {
  db: Pool;
  store: EventStore;
  mailer: Mailer;
  clock: () => Date;
  /** The web app's origin, for the e-mail's link to the 'Alertas' page. */
  appUrl: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

export interface AlertRoundResult {
  raised: number;
  mailed: number;
}

export interface AlertWorkers {
  runOnce(): Promise<AlertRoundResult>;
  close(): Promise<void>;
}

function alertOf(row: AlertTriggerRow): AlertRaisedData {
  return {
    alertId: row.alert_id,
    kind: row.kind as AlertKind,
    hubId: row.hub_id,
    ...(row.locker_id ? { lockerId: row.locker_id } : {}),
    ...(row.locker_order != null ? { lockerOrder: row.locker_order } : {}),
    ...(row.reservation_id ? { reservationId: row.reservation_id } : {}),
    sourceEventId: row.source_event_id,
    source: row.source as AlertRaisedData['source'],
    at: row.occurred_at.toISOString(),
  };
}

export function startAlertWorkers(deps: AlertWorkerDeps): AlertWorkers {
  const log = deps.log ?? ((line: string) => console.log(line));
  let closing = false;

  /**
   * A fact of the same kind at the same door (or Hub) while an alert of it is not resolved is
   * counted on that alert (AlertRepeated): no second alert, no second e-mail. Its own alert, once
   * raised (a round that died before marking it), stays the one it raised.
   */
  async function countedOnOpenAlert(row: AlertTriggerRow): Promise<boolean> {
    if ((await alertState(deps.store, row.alert_id)).place) return false;
    const open = await unresolvedAlertAt(deps.db, row.kind, row.hub_id, row.locker_id, row.alert_id);
    if (!open) return false;
    try {
      await repeatAlert(deps.store, open, row.source_event_id, row.occurred_at.toISOString(), workerContext(deps.clock(), row.source_event_id));
    } catch (error) {
      // Resolved meanwhile: this fact raises an alert of its own.
      if (error instanceof DomainError && error.code === 'alert_resolved') return false;
      throw error;
    }
    await markCounted(deps.db, row.alert_id, open, deps.clock());
    return true;
  }

  async function raiseDue(): Promise<number> {
    let raised = 0;
    for (;;) {
      const rows = await claimTriggersToRaise(deps.db, deps.clock(), LEASE_MS, 20);
      for (const row of rows) {
        try {
          if (await countedOnOpenAlert(row)) continue;
          const result = await raiseAlert(deps.store, alertOf(row), workerContext(deps.clock(), row.source_event_id));
          if (result.events.length > 0) raised++;
          await markRaisedAndPlanMails(deps.db, row.alert_id, deps.clock());
        } catch (error) {
          log(`[alerts] alert ${row.alert_id} not raised: ${(error as Error).message}`);
          await triggerDueAgain(deps.db, row.alert_id, new Date(deps.clock().getTime() + RETRY_MS)).catch(() => undefined);
        }
      }
      if (rows.length < 20 || closing) return raised;
    }
  }

  async function mailDue(): Promise<number> {
    const rows = await claimDueAlertMails(deps.db, deps.clock(), LEASE_MS, 50);
    let mailed = 0;
    for (const row of rows) {
      try {
        await deps.mailer.send(
          alertMessage({
            to: { name: row.user_name, email: row.user_email },
            kind: row.kind,
            hubId: row.hub_id,
            hubName: row.hub_name,
            lockerOrder: row.locker_order,
            source: row.source,
            occurredAt: row.occurred_at,
            appUrl: deps.appUrl,
          }),
        );
        await alertMailSent(deps.db, row.alert_id, row.user_id, deps.clock());
        mailed++;
      } catch (error) {
        log(`[alerts] e-mail of alert ${row.alert_id} not sent: ${(error as Error).message}`);
        await alertMailDueAgain(deps.db, row.alert_id, row.user_id, new Date(deps.clock().getTime() + RETRY_MS)).catch(() => undefined);
      }
    }
    return mailed;
  }

  const runOnce = async (): Promise<AlertRoundResult> => ({ raised: await raiseDue(), mailed: await mailDue() });
  const rounds = everyRound(deps.intervalMs ?? DEFAULT_ALERT_INTERVAL_MS, runOnce, (error) => log(`[alerts] round failed: ${error.message}`));

  return {
    runOnce,
    async close() {
      closing = true;
      await rounds.stop();
    },
  };
}

/** ALERT_INTERVAL_MS (default 1 s): how often workers look for alerts to raise and mail. */
export const alertIntervalFromEnv = (env: NodeJS.ProcessEnv = process.env): number => positiveMsFromEnv(env, 'ALERT_INTERVAL_MS', DEFAULT_ALERT_INTERVAL_MS);
