// The editor's search: a Hub matches when its id, name or city contains every word typed,
// ignoring case and accents ('sao' finds 'São Paulo').

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function matchesHub(hub: { id: string; name: string; city: string }, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const haystack = fold(`${hub.id} ${hub.name} ${hub.city}`);
  return words.every((word) => haystack.includes(word));
}

/** The ids of a set, sorted, for comparing a selection with what the server holds. */
export const sameSet = (a: Iterable<string>, b: Iterable<string>) => [...new Set(a)].sort().join(',') === [...new Set(b)].sort().join(',');
