// The dashboard feature's public face: who may see and manage the Hub screens (the logistics
// screens share them).
export { dashboardRoleOf } from './layout/dashboard-access';
export { canManageHubs, canRunPickups } from './layout/dashboard-permissions';
