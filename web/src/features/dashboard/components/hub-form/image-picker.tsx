import ImageOff from 'lucide-react/icons/image-off';
import Link2 from 'lucide-react/icons/link-2';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { useImageUpload } from '@/lib/use-image-upload';
import { ImageMessages, checkHubImage, isImageUrl } from './image-checks';

interface ImagePickerProps {
  /** The image's URL ('' for none). */
  value: string;
  onChange: (url: string) => void;
  /** While an upload runs, so the form can wait before saving. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/**
 * The Hub image: a file sent to POST /api/upload (folder 'hubs') with its real upload progress,
 * or a pasted URL; a preview of whichever is set.
 */
export function ImagePicker({ value, onChange, onUploadingChange, disabled }: ImagePickerProps) {
  const fileId = useId();
  const urlId = useId();
  const errorId = useId();
  const [urlDraft, setUrlDraft] = useState('');
  const [broken, setBroken] = useState<string | null>(null);
  const { inputRef, progress, uploading, error, setError, upload } = useImageUpload({
    folder: 'hubs',
    check: checkHubImage,
    messages: { uploaded: ImageMessages.uploaded, failed: ImageMessages.uploadFailed },
    onUploaded: (url) => {
      setBroken(null);
      onChange(url);
    },
    onUploadingChange,
  });

  const applyUrl = () => {
    const url = urlDraft.trim();
    if (!isImageUrl(url)) {
      setError(ImageMessages.badUrl);
      return;
    }
    setError(null);
    setBroken(null);
    onChange(url);
    setUrlDraft('');
  };

  const showPreview = value && broken !== value;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor={fileId}>Imagem do Hub</Label>
        {/* The native file input's button speaks the browser's language ('Choose File'): the
            input is visually hidden and out of the tab order, and a pt-BR button opens it. */}
        <input
          ref={inputRef}
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          tabIndex={-1}
          aria-describedby={error ? `${fileId}-hint ${errorId}` : `${fileId}-hint`}
          disabled={disabled || uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
          className="sr-only"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => inputRef.current?.click()}
            disabled={disabled || uploading}
            aria-describedby={error ? `${fileId}-hint ${errorId}` : `${fileId}-hint`}
          >
            <Upload aria-hidden /> {uploading ? 'Enviando...' : 'Escolher arquivo de imagem'}
          </Button>
          <span id={`${fileId}-hint`} className="text-xs text-muted-foreground">
            JPG, PNG ou WebP, até 5MB.
          </span>
        </div>
        {progress !== null && (
          <div className="flex items-center gap-3">
            <Progress value={progress} aria-label="Progresso do envio da imagem" className="flex-1" />
            <span className="w-10 text-right text-xs tabular-nums text-muted-foreground" aria-hidden>
              {progress}%
            </span>
          </div>
        )}
        {uploading && (
          <span className="sr-only" role="status">
            Enviando imagem...
          </span>
        )}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={urlId}>Ou cole o endereço (URL) de uma imagem</Label>
        <div className="flex gap-2">
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://exemplo.com/imagem.jpg"
            value={urlDraft}
            disabled={disabled}
            onChange={(event) => setUrlDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter here uses the URL instead of submitting the whole Hub form.
              if (event.key === 'Enter') {
                event.preventDefault();
                applyUrl();
              }
            }}
          />
          <Button variant="outline" onClick={applyUrl} disabled={disabled || !urlDraft.trim()}>
            <Link2 aria-hidden /> Usar URL
          </Button>
        </div>
      </div>

      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}

      {value && (
        <div className="flex flex-col gap-2">
          {showPreview ? (
            <img
              src={value}
              alt="Pré-visualização da imagem do Hub"
              className="aspect-video w-full max-w-md rounded-md border object-cover"
              onError={() => {
                setBroken(value);
                toast.error(ImageMessages.loadFailed);
              }}
            />
          ) : (
            <div className="flex aspect-video w-full max-w-md flex-col items-center justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground">
              <ImageOff className="size-6" aria-hidden />
              {ImageMessages.loadFailed}
            </div>
          )}
          <p className="truncate text-xs text-muted-foreground" title={value}>
            {value}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="self-start text-destructive"
            disabled={disabled || uploading}
            onClick={() => {
              setBroken(null);
              onChange('');
            }}
          >
            <Trash2 aria-hidden /> Remover imagem
          </Button>
        </div>
      )}
    </div>
  );
}
