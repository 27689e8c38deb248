import { hubAccessProjector } from './access/access-projector.js';
import { lockerHistoryProjector } from './history/locker-history-projector.js';
import { hubsProjector } from './hubs/hubs-projector.js';
import type { Projector } from './projector.js';
import { reservationsProjector } from './reservations/reservations-projector.js';
import { settingsProjector } from './settings/settings-projector.js';
import { staffProjector } from './staff/staff-projector.js';
import { partnersProjector } from './partners/partners-projector.js';
import { webhooksProjector } from './webhooks/webhooks-projector.js';
import { refundsProjector } from './refunds/refunds-projector.js';
import { notificationsProjector } from './notifications/notifications-projector.js';
import { dailyStatsProjector } from './stats/daily-stats-projector.js';
import { doorStatesProjector } from './doors/door-states-projector.js';
import { alertsProjector } from './alerts/alerts-projector.js';
import { paymentSumProjector } from './testing/payment-sum-projector.js';

export const projectors: Projector[] = [
  hubsProjector,
  reservationsProjector,
  dailyStatsProjector,
  lockerHistoryProjector,
  hubAccessProjector,
  staffProjector,
  settingsProjector,
  partnersProjector,
  webhooksProjector,
  refundsProjector,
  notificationsProjector,
  doorStatesProjector,
  alertsProjector,
];
export const projectorNames = projectors.map((p) => p.name);

/** What a projection process runs: the projectors, plus the replicas test's own when it asks. */
export function activeProjectors(env: NodeJS.ProcessEnv = process.env): Projector[] {
  return env.HUB_TEST_PAYMENT_SUM_PROJECTOR === '1' ? [...projectors, paymentSumProjector] : projectors;
}
