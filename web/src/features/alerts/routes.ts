// The alerts feature's routes for app/router.tsx: the staff's 'Alertas' page. A lazy chunk, so
// importing this file loads none of it.
import { lazy } from 'react';

export const AlertsPage = lazy(() => import('./pages/alerts-page'));
