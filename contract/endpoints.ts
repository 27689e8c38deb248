import type { Endpoint } from './endpoint.js';
import { accessEndpoints } from './access/access-endpoints.js';
import { dashboardEndpoints } from './dashboard/dashboard-endpoints.js';
import { healthEndpoints } from './health/health-endpoints.js';
import { historyEndpoints } from './history/history-endpoints.js';
import { hubAdminEndpoints } from './hubs/hub-admin-endpoints.js';
import { accountLinkEndpoints } from './auth/account-link-endpoints.js';
import { authEndpoints } from './auth/auth-endpoints.js';
import { socialEndpoints } from './auth/social-endpoints.js';
import { contactEndpoints } from './contact/contact-endpoints.js';
import { hubEndpoints } from './hubs/hub-endpoints.js';
import { lockerEndpoints } from './lockers/locker-endpoints.js';
import { controllerEndpoints } from './controller/controller-endpoints.js';
import { controllerSyncEndpoints } from './controller/controller-sync-endpoints.js';
import { logisticsEndpoints } from './logistics/logistics-endpoints.js';
import { operatorEndpoints } from './operators/operator-endpoints.js';
import { referenceEndpoints } from './reference/reference-endpoints.js';
import { settingsEndpoints } from './settings/settings-endpoints.js';
import { staffEndpoints } from './staff/staff-endpoints.js';
import { partnerEndpoints } from './partners/partner-endpoints.js';
import { partnerApiEndpoints } from './partner-api/partner-api-endpoints.js';
import { partnerWebhookEndpoints } from './partner-api/webhook-endpoints.js';
import { webhookEndpoints } from './webhooks/webhook-endpoints.js';
import { notificationEndpoints } from './notifications/notification-endpoints.js';
import { partnerSandboxEndpoints } from './partner-api/partner-api-sandbox.js';
import { partnerPortalEndpoints } from './partner-portal/partner-portal-endpoints.js';
import { reservationEndpoints } from './reservations/reservation-endpoints.js';
import { extensionEndpoints } from './reservations/extension-endpoints.js';
import { doorFailureEndpoints } from './reservations/door-failure-endpoints.js';
import { refundEndpoints } from './refunds/refund-endpoints.js';
import { paymentEndpoints } from './payments/pix-webhook-endpoints.js';
import { uploadEndpoints } from './uploads/upload-endpoints.js';
import { userEndpoints } from './users/user-endpoints.js';
import { doorStatusEndpoints } from './doors/door-status-endpoints.js';
import { alertEndpoints } from './alerts/alert-endpoints.js';
import { operationsEndpoints } from './operations/operations-endpoints.js';

// Every endpoint of the API, by operation id. The OpenAPI document is generated from this list,
// and a test requires it to name exactly the routes the server registers.
export const allEndpoints: Readonly<Record<string, Endpoint>> = {
  ...hubEndpoints,
  ...hubAdminEndpoints,
  ...lockerEndpoints,
  ...dashboardEndpoints,
  ...healthEndpoints,
  ...historyEndpoints,
  ...authEndpoints,
  ...accountLinkEndpoints,
  ...socialEndpoints,
  ...userEndpoints,
  ...contactEndpoints,
  ...uploadEndpoints,
  ...referenceEndpoints,
  ...reservationEndpoints,
  ...extensionEndpoints,
  ...doorFailureEndpoints,
  ...refundEndpoints,
  ...paymentEndpoints,
  ...logisticsEndpoints,
  ...controllerEndpoints,
  ...controllerSyncEndpoints,
  ...accessEndpoints,
  ...operatorEndpoints,
  ...staffEndpoints,
  ...settingsEndpoints,
  ...partnerEndpoints,
  ...partnerApiEndpoints,
  ...partnerWebhookEndpoints,
  ...webhookEndpoints,
  ...notificationEndpoints,
  ...partnerSandboxEndpoints,
  ...partnerPortalEndpoints,
  ...doorStatusEndpoints,
  ...alertEndpoints,
  ...operationsEndpoints,
};
