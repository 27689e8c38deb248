import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Terms and privacy: a title, the last update, and numbered sections with their own anchors. */
export function LegalPage({ title, intro, updated, sections }: { title: string; intro: ReactNode; updated?: string; sections: LegalSection[] }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {updated && (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="last-updated">
          Última atualização: {updated}
        </p>
      )}
      <p className="mt-4 text-muted-foreground">{intro}</p>
      <Card className="mt-8 p-6 sm:p-8">
        <ol className="flex flex-col gap-8">
          {sections.map((section, index) => (
            <li key={section.title} id={`secao-${index + 1}`}>
              <h2 className="text-lg font-semibold">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-2 flex flex-col gap-2 text-sm leading-relaxed text-muted-foreground">{section.body}</div>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
