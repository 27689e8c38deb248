// The access feature's routes for app/router.tsx: the admins' queue of access requests. A lazy
// chunk, so importing this file loads none of it.
import { lazy } from 'react';

export const AccessRequestsPage = lazy(() => import('./pages/access-requests-page'));
