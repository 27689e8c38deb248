// dd/MM/yyyy HH:mm in São Paulo, as the server writes it in its messages
// (domain/shared/sao-paulo-time.ts), shared rather than copied.
export * from '../../../domain/shared/sao-paulo-time';
