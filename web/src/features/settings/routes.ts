// The settings feature's routes for app/router.tsx; the page is its own lazy chunk.
import { lazy } from 'react';

export const SettingsPage = lazy(() => import('./pages/settings-page'));
