// The webhooks' pt-BR messages, a leaf module: the decider, the API's schemas and the dashboard
// say the same words.
export const WebhookMessages = {
  urlInvalid: 'Informe uma URL válida.',
  httpsOnly: 'A URL do webhook deve usar HTTPS.',
  internalAddress: 'A URL do webhook não pode apontar para uma rede interna.',
  eventsRequired: 'Escolha pelo menos um evento.',
  eventUnknown: 'Evento desconhecido.',
  tooMany: 'Limite de 10 webhooks por parceiro atingido.',
  notFound: 'Webhook não encontrado.',
  exists: 'Webhook já cadastrado.',
  deliveryNotFound: 'Entrega não encontrada.',
} as const;

export const MAX_WEBHOOK_ENDPOINTS = 10;
