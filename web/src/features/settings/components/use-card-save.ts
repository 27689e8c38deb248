import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import type { SettingsChange } from '../api/settings-api';
import { useSaveSettings } from '../api/settings-api';
import type { FieldErrors } from '../settings-form';
import { checkCard } from '../settings-form';

// A card's save: checked here first (errors under the fields), then sent; a toast says how it went.

export function useCardSave(savedMessage: string) {
  const save = useSaveSettings();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string>();
  const submit = async (body: SettingsChange) => {
    const found = checkCard(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerError(undefined);
    try {
      await save.mutateAsync(body);
      toast.success(savedMessage);
    } catch (error) {
      const message = errorMessage(error, 'Não foi possível salvar as configurações. Tente novamente.');
      setServerError(message);
      toast.error(message);
    }
  };
  return { submit, errors, serverError, pending: save.isPending };
}
