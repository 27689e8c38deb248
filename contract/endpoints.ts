import type { Endpoint } from './endpoint.js';
import { dashboardEndpoints } from './dashboard/dashboard-endpoints.js';
import { healthEndpoints } from './health/health-endpoints.js';
import { historyEndpoints } from './history/history-endpoints.js';
import { hubAdminEndpoints } from './hubs/hub-admin-endpoints.js';
import { hubEndpoints } from './hubs/hub-endpoints.js';
import { lockerEndpoints } from './lockers/locker-endpoints.js';
import { controllerEndpoints } from './controller/controller-endpoints.js';
import { logisticsEndpoints } from './logistics/logistics-endpoints.js';
import { referenceEndpoints } from './reference/reference-endpoints.js';
import { reservationEndpoints } from './reservations/reservation-endpoints.js';

// Every endpoint of the API, by operation id. The OpenAPI document is generated from this list,
// and a test requires it to name exactly the routes the server registers.
export const allEndpoints: Readonly<Record<string, Endpoint>> = {
  ...hubEndpoints,
  ...hubAdminEndpoints,
  ...lockerEndpoints,
  ...dashboardEndpoints,
  ...healthEndpoints,
  ...historyEndpoints,
  ...referenceEndpoints,
  ...reservationEndpoints,
  ...logisticsEndpoints,
  ...controllerEndpoints,
};
