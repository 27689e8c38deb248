// The alerts feature's public face (issue 29 item 5): the sidebar's live count of open alerts,
// and the alert's shape.
export { AlertsNavBadge } from './components/alerts-nav-badge';
export type { AlertItem } from './types';
