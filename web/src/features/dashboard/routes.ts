// The dashboard feature's routes for app/router.tsx: the dashboard frame, its screens and its
// route guards. Each page is its own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export { AdminOnly, PickupStaffOnly, ToLogisticsHubs } from './layout/admin-only';

export const DashboardLayout = lazy(() => import('./layout/dashboard-layout'));
export const DashboardHomePage = lazy(() => import('./pages/dashboard-home-page'));
export const HubsPage = lazy(() => import('./pages/hubs-page'));
export const HubFormPage = lazy(() => import('./pages/hub-form-page'));
export const HubAdminDetailPage = lazy(() => import('./pages/hub-admin-detail-page'));
export const HubHistoryPage = lazy(() => import('./pages/hub-history-page'));
export const LockerHistoryPage = lazy(() => import('./pages/locker-history-page'));
export const DashboardNotFoundPage = lazy(() => import('./pages/dashboard-not-found-page'));
