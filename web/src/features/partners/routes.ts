// The partners feature's routes for app/router.tsx; each page is its own lazy chunk.
import { lazy } from 'react';

export const PartnersPage = lazy(() => import('./pages/partners-page'));
export const PartnerFormPage = lazy(() => import('./pages/partner-form-page'));
export const PartnerDetailPage = lazy(() => import('./pages/partner-detail-page'));
export const PartnerUsersPage = lazy(() => import('./pages/partner-users-page'));
export const PartnerHubsPage = lazy(() => import('./pages/partner-hubs-page'));
/** The partner user's own screen (ADR 0020): its integration, tokens and test Hubs. */
export const IntegrationPage = lazy(() => import('./pages/integration-page'));
