// The CPF/CNPJ/CEP/phone checks and masks the API uses (domain/accounts/br-documents.ts), shared
// rather than copied: the form refuses exactly what the server would.
export * from '../../../domain/accounts/br-documents';
