// A Hub's id (spec §5): two letters, a dash, two digits ('SP-01'). Shared by the decider and the
// contract's field (contract/shared/hub-fields.ts), which the dashboard's form uses too.

export const HUB_ID_PATTERN = /^[A-Z]{2}-\d{2}$/;

export const HubIdMessages = {
  badId: 'ID do Hub deve seguir o padrão: duas letras e dois números (XX-00).',
} as const;
