import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { AdminHub } from '../../types';
import { ReadOnlyFields, type ReadOnlyItem } from './read-only-fields';

const coordinate = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** The secret key, hidden until asked for: it lets a locker's hardware talk to the platform. */
function SecretKey({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="flex items-center gap-2">
      <code className="rounded bg-muted px-2 py-1 font-mono text-sm">{shown ? value : '•'.repeat(Math.max(6, value.length))}</code>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        aria-label={shown ? 'Ocultar chave secreta' : 'Mostrar chave secreta'}
      >
        {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </span>
  );
}

/** 'Configurações': id, coordinates, the secret key (admins only) and the image URL, read-only. */
export function HubSettingsTab({ hub, isAdmin }: { hub: AdminHub; isAdmin: boolean }) {
  const items: ReadOnlyItem[] = [
    { label: 'ID', value: <code className="font-mono">{hub.id}</code> },
    { label: 'Latitude', value: coordinate.format(hub.location.latitude) },
    { label: 'Longitude', value: coordinate.format(hub.location.longitude) },
    { label: 'Hardware', value: hub.hardware },
    { label: 'Tipo', value: hub.type === 'decentralized' ? 'Descentralizado' : 'Centralizado' },
    { label: 'Acesso', value: hub.private ? (hub.autoRegistration ? 'Privado, com auto-cadastro' : 'Privado') : 'Público' },
  ];
  if (isAdmin) items.splice(3, 0, { label: 'Chave secreta', value: hub.secret_key ? <SecretKey value={hub.secret_key} /> : '' });
  items.push({
    label: 'URL da imagem',
    wide: true,
    value: hub.image_url ? (
      <a href={hub.image_url} target="_blank" rel="noreferrer" className="break-all text-primary underline-offset-4 hover:underline">
        {hub.image_url}
      </a>
    ) : (
      ''
    ),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Configurações</CardTitle>
      </CardHeader>
      <CardContent>
        <ReadOnlyFields items={items} />
      </CardContent>
    </Card>
  );
}
