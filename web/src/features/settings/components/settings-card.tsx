import Loader2 from 'lucide-react/icons/loader-circle';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

// One card of the settings screen: its own form and its own 'Salvar' button (a card saves only
// its fields).

export function SettingsCard({
  id,
  title,
  description,
  pending,
  error,
  onSave,
  children,
}: {
  id: string;
  title: string;
  description: string;
  pending: boolean;
  /** A refusal of the whole card (the server's), shown above the button. */
  error?: string;
  onSave: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">{children}</CardContent>
        <CardFooter className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
          {error && (
            <p role="alert" className="text-sm text-destructive sm:mr-auto">
              {error}
            </p>
          )}
          <Button type="submit" disabled={pending}>
            {pending && <Loader2 className="animate-spin" aria-hidden />} Salvar
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** A labelled on/off row. */
export function ToggleRow({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      {children}
    </div>
  );
}
