// The hubs feature's routes for app/router.tsx: the home page (map and list) and a Hub's page. Each
// page is its own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export const HomePage = lazy(() => import('./pages/home-page'));
export const HubDetailPage = lazy(() => import('./pages/hub-detail-page'));
