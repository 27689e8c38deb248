import ExternalLink from 'lucide-react/icons/external-link';
import KeyRound from 'lucide-react/icons/key-round';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';

/** Asks for a Google Maps key when the build has none; the key stays in this browser only. */
export function ApiKeyForm({ onSave }: { onSave: (key: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (!key) {
      setError('Informe a API Key do Google Maps.');
      return;
    }
    onSave(key);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="font-semibold">Configure o Google Maps</h2>
          <p className="text-sm text-muted-foreground">Para exibir o mapa é preciso uma API Key do Google Maps. Ela fica salva apenas neste navegador.</p>
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={inputId}>API Key do Google Maps</Label>
        <Input
          id={inputId}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
          placeholder="AIza..."
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <a
          href="https://developers.google.com/maps/documentation/javascript/get-api-key"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center justify-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
        >
          Como obter uma chave
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
        <Button type="submit">Adicionar API Key</Button>
      </div>
    </form>
  );
}
