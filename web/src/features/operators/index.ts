// The operators feature's public face: its shape and the badge other screens (the dashboard
// home, a Hub's staff) may show.
export { RoleBadge } from './components/role-badge';
export type { Operator } from './types';
