// The profile feature's routes for app/router.tsx: the profile and its edit form. Each page is its
// own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export const ProfilePage = lazy(() => import('./pages/profile-page'));
export const ProfileEditPage = lazy(() => import('./pages/profile-edit-page'));
