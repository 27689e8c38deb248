// The access feature's public face (issue 26): a private Hub's members card for the dashboard's
// Hub detail, and the request's shape.
export { HubMembersCard } from './components/hub-members-card';
export type { AccessRequestItem } from './types';
