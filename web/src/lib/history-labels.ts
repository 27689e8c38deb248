// The history's kinds and their pt-BR labels (contract/history/history-kinds.ts), shared with
// the API rather than copied: the screen and the CSV export name every kind the same way.
export * from '@contract/history/history-kinds';
