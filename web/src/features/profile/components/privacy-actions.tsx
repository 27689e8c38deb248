import Download from 'lucide-react/icons/download';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Label } from '@/components/ui/input';
import { useAuth } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { deleteMyAccount, downloadMyData, useProfile } from '../api/profile-api';

/** The person's rights over their data (LGPD): a copy of everything, and erasure. */
export function PrivacyActions() {
  const { replaceUser, user } = useAuth();
  // An account made by social sign-in has no password: it confirms with its e-mail.
  const byEmail = useProfile(Boolean(user)).data?.confirmDeletionWith === 'email';
  const navigate = useNavigate();
  const fieldId = useId();
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
      toast.success('Seus dados foram baixados.');
    } catch (caught) {
      toast.error('Erro ao baixar seus dados.', { description: errorMessage(caught, 'Tente novamente.') });
    } finally {
      setDownloading(false);
    }
  };

  const erase = async () => {
    if (!confirmation) {
      setError(byEmail ? 'Digite seu e-mail para confirmar' : 'Informe sua senha para confirmar');
      return;
    }
    setDeleting(true);
    try {
      await deleteMyAccount(byEmail ? { email: confirmation } : { password: confirmation });
      setOpen(false);
      replaceUser(null);
      toast.success('Conta excluída.', { description: 'Seus dados pessoais foram apagados.' });
      navigate('/login', { replace: true });
    } catch (caught) {
      const message = errorMessage(caught, 'Erro inesperado. Tente novamente.');
      setError(message);
      toast.error('Não foi possível excluir sua conta', { description: message });
      setDeleting(false);
    }
  };

  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      <Button variant="outline" onClick={() => void download()} disabled={downloading}>
        <Download aria-hidden /> {downloading ? 'Baixando...' : 'Baixar meus dados'}
      </Button>
      <Button
        variant="ghost"
        className="text-destructive"
        onClick={() => {
          setConfirmation('');
          setError(null);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden /> Excluir minha conta
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir minha conta"
        destructive
        pending={deleting}
        confirmLabel="Excluir conta"
        onConfirm={() => void erase()}
        description={
          <div className="flex flex-col gap-3">
            <p>
              Seus dados pessoais (nome, e-mail, telefone, documentos e endereço) serão apagados e você sairá de todos os dispositivos. O histórico das reservas
              fica guardado sem seus dados pessoais. Esta ação não pode ser desfeita.
            </p>
            <div className="flex flex-col gap-2 text-foreground">
              <Label htmlFor={fieldId}>{byEmail ? 'Digite seu e-mail para confirmar' : 'Confirme sua senha'}</Label>
              <Input
                id={fieldId}
                type={byEmail ? 'email' : 'password'}
                autoComplete={byEmail ? 'email' : 'current-password'}
                value={confirmation}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : undefined}
                onChange={(event) => {
                  setConfirmation(event.target.value);
                  setError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void erase();
                  }
                }}
              />
              {error && (
                <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          </div>
        }
      />
    </div>
  );
}
