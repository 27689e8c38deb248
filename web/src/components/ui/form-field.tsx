import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/input';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Extra content on the label row, right-aligned (e.g. 'Esqueci minha senha'). */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, control and the error line under it. The control must carry the same id. */
export function FormField({ id, label, error, hint, aside, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria props for a control inside FormField. */
export const fieldAria = (id: string, error?: string, hasHint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
});

/** What every e-mail field in the auth screens asks of the browser and the on-screen keyboard. */
export const emailInputProps = {
  type: 'email',
  inputMode: 'email',
  autoComplete: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
  placeholder: 'seu@email.com',
} as const;
