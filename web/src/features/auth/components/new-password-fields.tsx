import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';

// A new password and its confirmation, with the spec's two rules (§5: at least 6 characters, both
// equal): the reset screen and an operator's invitation share them.

export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres.';
export const PASSWORDS_DIFFER = 'As senhas não coincidem.';

/** What is wrong with the pair, in the spec's words, or undefined. */
export const newPasswordProblem = (password: string, confirm: string) =>
  password !== confirm ? PASSWORDS_DIFFER : password.length < 6 ? PASSWORD_TOO_SHORT : undefined;

interface NewPasswordFieldsProps {
  idPrefix: string;
  passwordLabel: string;
  password: string;
  confirm: string;
  /** The form's current error: shown on the field it concerns. */
  error: string | undefined;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}

export function NewPasswordFields({ idPrefix, passwordLabel, password, confirm, error, onPassword, onConfirm }: NewPasswordFieldsProps) {
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm`;
  const shortError = error === PASSWORD_TOO_SHORT ? error : undefined;
  const mismatchError = error === PASSWORDS_DIFFER ? error : undefined;
  return (
    <>
      <FormField id={passwordId} label={passwordLabel} hint="Mínimo de 6 caracteres" error={shortError}>
        <PasswordInput
          id={passwordId}
          name="password"
          autoComplete="new-password"
          required
          minLength={6}
          autoFocus
          {...fieldAria(passwordId, shortError, true)}
          value={password}
          onChange={(event) => onPassword(event.target.value)}
        />
      </FormField>
      <FormField id={confirmId} label="Confirmar Senha" error={mismatchError}>
        <PasswordInput
          id={confirmId}
          name="confirmPassword"
          autoComplete="new-password"
          required
          minLength={6}
          {...fieldAria(confirmId, mismatchError)}
          value={confirm}
          onChange={(event) => onConfirm(event.target.value)}
        />
      </FormField>
    </>
  );
}
