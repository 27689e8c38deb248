// Times as people in Brazil read them: dd/MM/yyyy HH:mm in America/Sao_Paulo, whatever the
// server's zone. Pure (the formatter holds no clock); messages of the domain and the history's
// sentences (api/history/history-format.ts) write times with it.

export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SAO_PAULO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The instant's date ('25/11/2026'), hours and minutes ('14:30') and seconds in São Paulo. */
export function saoPauloParts(ms: number): { date: string; hm: string; s: string } {
  const parts: Record<string, string> = {};
  for (const part of dateTimeParts.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return { date: `${parts.day}/${parts.month}/${parts.year}`, hm: `${parts.hour}:${parts.minute}`, s: parts.second ?? '00' };
}

/** 'dd/MM/yyyy HH:mm' in São Paulo. */
export function formatSaoPauloDateTime(ms: number): string {
  const p = saoPauloParts(ms);
  return `${p.date} ${p.hm}`;
}
