// The bounds of a Hub's and its lockers' fields the API enforces (domain/hubs/hub-bounds.ts),
// shared rather than copied: the dashboard's forms refuse exactly what the server would.
export * from '../../../domain/hubs/hub-bounds';
