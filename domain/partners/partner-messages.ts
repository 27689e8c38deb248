// The partner form's messages (spec, partner form), a leaf module: the decider, the API's schemas
// and the dashboard's form (through web/src/lib/partner-messages.ts) say the same words.
export const PartnerMessages = {
  nameRequired: 'Nome é obrigatório',
  emailInvalid: 'Email inválido',
  companyRequired: 'Nome da empresa é obrigatório',
  cnpjInvalid: 'CNPJ inválido',
  cepInvalid: 'CEP inválido',
  notFound: 'Parceiro não encontrado',
  exists: 'Parceiro já cadastrado',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
