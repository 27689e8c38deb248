// The auth feature's routes for app/router.tsx: sign-in, sign-up and the account screens. Each page
// is its own lazy chunk, so importing this file loads none of them.
import { lazy } from 'react';

export const LoginPage = lazy(() => import('./pages/login-page'));
export const RegisterPage = lazy(() => import('./pages/register-page'));
export const EmailConfirmationPage = lazy(() => import('./pages/email-confirmation-page'));
export const ForgotPasswordPage = lazy(() => import('./pages/forgot-password-page'));
export const ResetPasswordPage = lazy(() => import('./pages/reset-password-page'));
export const UpdatePhonePage = lazy(() => import('./pages/update-phone-page'));
export const SocialCallbackPage = lazy(() => import('./pages/social-callback-page'));
export const InvitationPage = lazy(() => import('./pages/invitation-page'));
