import { useEffect } from 'react';

// Every screen names itself in the browser's tab, history and bookmarks: 'Entrar · Hub',
// 'Hub Centro · Hub', 'Hubs · Dashboard · Hub'. The home page keeps the site's own title (the
// one index.html and the server's generic head carry).

export const SITE_TITLE = 'Hub — lockers por hora';

export type TitleArea = 'site' | 'dashboard';

export function pageTitle(title: string | null, area: TitleArea = 'site'): string {
  if (!title) return SITE_TITLE;
  return area === 'dashboard' ? `${title} · Dashboard · Hub` : `${title} · Hub`;
}

/**
 * Sets document.title while the screen is shown; null: the site's own title; undefined: leaves
 * it as it is (a Hub's page while it loads keeps the title the server sent with it).
 */
export function usePageTitle(title: string | null | undefined, area: TitleArea = 'site'): void {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title, area);
  }, [title, area]);
}
