// Times as people in the product read them: 'dd/MM/yyyy HH:mm' in America/Sao_Paulo (pure).

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'dd/MM/yyyy HH:mm' in São Paulo, e.g. '27/11/2026 14:00'. */
export function saoPauloDateTime(ms: number): string {
  const p: Record<string, string> = {};
  for (const part of parts.formatToParts(new Date(ms))) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
