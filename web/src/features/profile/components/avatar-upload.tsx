import Camera from 'lucide-react/icons/camera';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useImageUpload } from '@/lib/use-image-upload';
import { initialsOf } from '@/lib/format';

// Profile image rules (spec §5): PNG, JPG or GIF up to 10 MB; the server reads the bytes again.
const TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif'];
const MAX_BYTES = 10 * 1024 * 1024;
export const AvatarMessages = {
  notImage: 'Por favor selecione apenas arquivos de imagem',
  tooLarge: 'Arquivo muito grande. Tamanho máximo: 10MB',
  uploaded: 'Imagem enviada com sucesso!',
  failed: 'Erro ao fazer upload da imagem. Tente novamente.',
  loadFailed: 'Erro ao carregar imagem',
} as const;

interface AvatarUploadProps {
  name: string;
  /** The avatar's URL ('' for none). */
  value: string;
  onChange: (url: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/** The profile picture: sent to POST /api/upload (folder avatars) with its real progress. */
export function AvatarUpload({ name, value, onChange, onUploadingChange }: AvatarUploadProps) {
  const inputId = useId();
  const [broken, setBroken] = useState(false);
  const { inputRef, progress, uploading, error, upload } = useImageUpload({
    folder: 'avatars',
    check: (file) => (!TYPES.includes(file.type.toLowerCase()) ? AvatarMessages.notImage : file.size > MAX_BYTES ? AvatarMessages.tooLarge : null),
    messages: { uploaded: AvatarMessages.uploaded, failed: AvatarMessages.failed },
    onUploaded: (url) => {
      setBroken(false);
      onChange(url);
    },
    onUploadingChange,
  });

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center sm:gap-5">
      {value && !broken ? (
        <img
          src={value}
          alt="Sua foto de perfil"
          className="size-20 rounded-full border object-cover"
          data-testid="avatar-preview"
          onError={() => {
            setBroken(true);
            toast.error(AvatarMessages.loadFailed);
          }}
        />
      ) : (
        <span className="flex size-20 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground" aria-hidden>
          {initialsOf(name || '?')}
        </span>
      )}
      <div className="flex w-full flex-col gap-2 sm:w-auto">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          tabIndex={-1}
          className="sr-only"
          aria-label="Arquivo da foto de perfil"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button type="button" variant="secondary" onClick={() => inputRef.current?.click()} disabled={uploading} aria-describedby={`${inputId}-hint`}>
          <Camera aria-hidden /> {uploading ? 'Enviando...' : 'Alterar foto'}
        </Button>
        <span id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          PNG, JPG ou GIF, até 10MB.
        </span>
        {progress !== null && (
          <div className="flex items-center gap-3">
            <Progress value={progress} aria-label="Progresso do envio da foto" className="flex-1" data-testid="avatar-progress" />
            <span className="w-10 text-right text-xs tabular-nums text-muted-foreground" aria-hidden>
              {progress}%
            </span>
          </div>
        )}
        {uploading && (
          <span className="sr-only" role="status">
            Enviando foto...
          </span>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
