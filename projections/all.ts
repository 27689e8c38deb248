import { lockerHistoryProjector } from './history/locker-history-projector.js';
import { hubsProjector } from './hubs/hubs-projector.js';
import type { Projector } from './projector.js';
import { reservationsProjector } from './reservations/reservations-projector.js';
import { dailyStatsProjector } from './stats/daily-stats-projector.js';

export const projectors: Projector[] = [hubsProjector, reservationsProjector, dailyStatsProjector, lockerHistoryProjector];
export const projectorNames = projectors.map((p) => p.name);
