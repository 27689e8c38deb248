// The static-pages feature's routes for app/router.tsx: terms, privacy and contact. Each page is
// its own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export const TermsPage = lazy(() => import('./pages/terms-page'));
export const PrivacyPage = lazy(() => import('./pages/privacy-page'));
export const ContactPage = lazy(() => import('./pages/contact-page'));
