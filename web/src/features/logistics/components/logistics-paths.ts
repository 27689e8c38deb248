// Links between the logistics screens (routes in web/src/app/router.tsx).
const enc = encodeURIComponent;

export const LOGISTICS_HUBS = '/dashboard/logistics/hubs';
export const COLLECTIONS = '/dashboard/logistics/collections';
export const logisticsHubPath = (hubId: string) => `${LOGISTICS_HUBS}/${enc(hubId)}`;
export const hubFormPath = (hubId: string) => `${logisticsHubPath(hubId)}/form`;
/** The OTP page; with a reservation the code is made for that pickup (from the Coletas queue). */
export const otpPath = (hubId: string, reservationId?: string) =>
  `/dashboard/logistics/create-otp/${enc(hubId)}${reservationId ? `?reservation=${enc(reservationId)}` : ''}`;
export const terminalPath = (hubId: string) => `/dashboard/terminal/${enc(hubId)}`;
