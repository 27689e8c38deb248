// The operators feature's routes for app/router.tsx; the page is its own lazy chunk.
import { lazy } from 'react';

export const OperatorsPage = lazy(() => import('./pages/operators-page'));
