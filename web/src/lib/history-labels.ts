// The history's kinds and their pt-BR labels (projections/history/history-labels.ts), shared with
// the API rather than copied: the screen and the CSV export name every kind the same way.
export * from '../../../projections/history/history-labels';
