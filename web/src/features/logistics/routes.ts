// The logistics feature's routes for app/router.tsx: the logistics screens (inside the dashboard
// frame). Each page is its own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export const LogisticsHubsPage = lazy(() => import('./pages/logistics-hubs-page'));
export const LogisticsHubDetailPage = lazy(() => import('./pages/logistics-hub-detail-page'));
export const CollectionsPage = lazy(() => import('./pages/collections-page'));
export const OtpPage = lazy(() => import('./pages/otp-page'));
export const TerminalPage = lazy(() => import('./pages/terminal-page'));
