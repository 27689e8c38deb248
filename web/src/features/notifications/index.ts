import { lazy } from 'react';

// The renter's notices (issue 28 item 7): the header's bell and the profile's channel switches.
// Both load on their own, after the page: the first load of / stays within its size budget.
export const NotificationBell = lazy(() => import('./components/notification-bell').then((m) => ({ default: m.NotificationBell })));
export const NotificationPreferencesCard = lazy(() =>
  import('./components/notification-preferences-card').then((m) => ({ default: m.NotificationPreferencesCard })),
);
