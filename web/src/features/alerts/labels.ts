// The alerts' pt-BR names (contract/alerts/alert-labels.ts), shared with the API's e-mail and
// history rather than copied.
export * from '@contract/alerts/alert-labels';
