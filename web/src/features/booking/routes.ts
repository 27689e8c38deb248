// The booking feature's routes for app/router.tsx: checkout and the access code. Each page is its
// own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export const CheckoutPage = lazy(() => import('./pages/checkout-page'));
export const AccessPage = lazy(() => import('./pages/access-page'));
