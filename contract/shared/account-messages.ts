// The pt-BR messages of the account fields (account-fields.ts), apart from the schemas so a
// screen can show them without loading zod.

export const AccountMessages = {
  required: 'Preencha todos os campos obrigatórios',
  notText: 'Deve ser um texto',
  email: 'E-mail inválido',
  emailTooLong: 'E-mail muito longo',
  nameTooLong: 'Nome muito longo',
  nameRequired: 'Nome é obrigatório',
  passwordShort: 'Mínimo de 6 caracteres',
  passwordLong: 'Máximo de 128 caracteres',
  phone: 'Telefone inválido. Por favor, insira um número válido com DDD.',
  cpf: 'CPF inválido',
  cnpj: 'CNPJ inválido',
  cep: 'CEP inválido',
  state: 'Estado inválido. Use a sigla da UF (ex.: SP).',
} as const;
