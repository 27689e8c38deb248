import ExternalLink from 'lucide-react/icons/external-link';
import KeyRound from 'lucide-react/icons/key-round';
import MapPin from 'lucide-react/icons/map-pin';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';

/**
 * The map tab's panel when no Google Maps key is configured (GOOGLE_MAPS_API_KEY on the server):
 * it first tells the visitor how to go on without the map (the Hubs below, the Lista tab); the
 * spec's 'Adicionar API Key' button then opens the field for a key kept in this browser only.
 */
export function ApiKeyForm({ onSave }: { onSave: (key: string) => void }) {
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
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
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MapPin className="size-5" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="font-semibold">Escolha um Hub abaixo</h2>
          <p className="text-sm text-muted-foreground">
            O mapa interativo não está disponível aqui, mas a reserva funciona do mesmo jeito: toque em um Hub abaixo ou use a aba Lista.
          </p>
        </div>
      </div>
      {!open ? (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden />
          Adicionar API Key
        </Button>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3 border-t pt-4">
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
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <p className="text-xs text-muted-foreground">A chave fica salva apenas neste navegador.</p>
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
            <Button type="submit">Salvar API Key</Button>
          </div>
        </form>
      )}
    </div>
  );
}
