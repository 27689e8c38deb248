// The auth feature's public face: the session (provider and hook), the user's shape, the e-mail
// confirmation resend and the recovery-link redirector. Other features and app/ import only this.
export { resendConfirmationRequest } from './api/auth-api';
export { AuthProvider, useAuth } from './auth-context';
export { RecoveryRedirector } from './components/recovery-redirector';
export type { User } from './types';
