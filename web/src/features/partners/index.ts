// The partners feature's public face: its shapes (the pages are reached through routes.ts).
export type { Partner, PartnerHub, PartnerUser } from './types';
