import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { Loading } from '@/components/ui/skeleton';
import { AdminOnly, ToLogisticsHubs } from '@/features/dashboard/layout/admin-only';

// Each screen is its own chunk: the home page does not download the checkout or the dashboard.
const HomePage = lazy(() => import('@/features/hubs/pages/home-page'));
const HubDetailPage = lazy(() => import('@/features/hubs/pages/hub-detail-page'));
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register-page'));
const EmailConfirmationPage = lazy(() => import('@/features/auth/pages/email-confirmation-page'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page'));
const TermsPage = lazy(() => import('@/features/static-pages/pages/terms-page'));
const PrivacyPage = lazy(() => import('@/features/static-pages/pages/privacy-page'));
const ContactPage = lazy(() => import('@/features/static-pages/pages/contact-page'));
const UpdatePhonePage = lazy(() => import('@/features/auth/pages/update-phone-page'));
const SocialCallbackPage = lazy(() => import('@/features/auth/pages/social-callback-page'));
const CheckoutPage = lazy(() => import('@/features/booking/pages/checkout-page'));
const AccessPage = lazy(() => import('@/features/booking/pages/access-page'));
const ProfilePage = lazy(() => import('@/features/profile/pages/profile-page'));
const ProfileEditPage = lazy(() => import('@/features/profile/pages/profile-edit-page'));
const NotFoundPage = lazy(() => import('@/pages/not-found'));

const DashboardLayout = lazy(() => import('@/features/dashboard/layout/dashboard-layout'));
const DashboardHomePage = lazy(() => import('@/features/dashboard/pages/dashboard-home-page'));
const HubsPage = lazy(() => import('@/features/dashboard/pages/hubs-page'));
const HubFormPage = lazy(() => import('@/features/dashboard/pages/hub-form-page'));
const HubAdminDetailPage = lazy(() => import('@/features/dashboard/pages/hub-admin-detail-page'));
const HubHistoryPage = lazy(() => import('@/features/dashboard/pages/hub-history-page'));
const LockerHistoryPage = lazy(() => import('@/features/dashboard/pages/locker-history-page'));
const LogisticsHubsPage = lazy(() => import('@/features/logistics/pages/logistics-hubs-page'));
const LogisticsHubDetailPage = lazy(() => import('@/features/logistics/pages/logistics-hub-detail-page'));
const CollectionsPage = lazy(() => import('@/features/logistics/pages/collections-page'));
const OtpPage = lazy(() => import('@/features/logistics/pages/otp-page'));
const TerminalPage = lazy(() => import('@/features/logistics/pages/terminal-page'));
const ComingSoonPage = lazy(() => import('@/features/dashboard/pages/coming-soon-page'));
const DashboardNotFoundPage = lazy(() => import('@/features/dashboard/pages/dashboard-not-found-page'));

const page = (node: ReactNode) => <Suspense fallback={<Loading label="Carregando..." />}>{node}</Suspense>;

/** A screen whose calls only admins may make; anyone else sees why, never a form (ADR 0019). */
const adminOnly = (node: ReactNode) => page(<AdminOnly>{node}</AdminOnly>);

/** Admin screens of later issues (operators, partners, settings): a short 'em breve' panel. */
const soon = (title: string) => adminOnly(<ComingSoonPage title={title} />);

/** The admin's Hub table and detail; logistics staff land on their own screens for the same Hubs. */
const forAdmins = (node: ReactNode) => <AdminOnly otherwise={<ToLogisticsHubs />}>{node}</AdminOnly>;

// The Hub screens under both route sets of the spec: /dashboard/hubs (the admin's table and
// detail) and /dashboard/logistics/hubs (the logistics card grid and detail); forms and history
// are shared and, like the calls behind them, the admins' (ADR 0019).
const hubScreens = (base: string, list: ReactNode, detail: ReactNode) => [
  { path: base, element: page(list) },
  { path: `${base}/new/form`, element: adminOnly(<HubFormPage />) },
  { path: `${base}/:id/form`, element: adminOnly(<HubFormPage />) },
  { path: `${base}/:id`, element: page(detail) },
  { path: `${base}/:id/history`, element: adminOnly(<HubHistoryPage />) },
  { path: `${base}/:id/lockers/:lockerId/history`, element: adminOnly(<LockerHistoryPage />) },
];

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: page(<HomePage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/email-confirmation', element: page(<EmailConfirmationPage />) },
      { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
      { path: '/reset-password', element: page(<ResetPasswordPage />) },
      { path: '/update-phone', element: page(<UpdatePhonePage />) },
      { path: '/terms', element: page(<TermsPage />) },
      { path: '/privacy', element: page(<PrivacyPage />) },
      { path: '/contact', element: page(<ContactPage />) },
      { path: '/auth/callback', element: page(<SocialCallbackPage />) },
      { path: '/hubs/:id', element: page(<HubDetailPage />) },
      { path: '/checkout/:id', element: page(<CheckoutPage />) },
      { path: '/access/:id', element: page(<AccessPage />) },
      { path: '/profile', element: page(<ProfilePage />) },
      { path: '/profile/edit', element: page(<ProfileEditPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
  {
    path: '/dashboard',
    element: page(<DashboardLayout />),
    children: [
      { index: true, element: page(<DashboardHomePage />) },
      ...hubScreens('hubs', forAdmins(<HubsPage />), forAdmins(<HubAdminDetailPage />)),
      ...hubScreens('logistics/hubs', <LogisticsHubsPage />, <LogisticsHubDetailPage />),
      { path: 'operators', element: soon('Operadores') },
      { path: 'partners', element: soon('Parceiros') },
      { path: 'partners/new/form', element: soon('Novo Parceiro') },
      { path: 'partners/:id', element: soon('Parceiro') },
      { path: 'partners/:id/form', element: soon('Editar Parceiro') },
      { path: 'partners/:id/users', element: soon('Usuários do parceiro') },
      { path: 'partners/:id/hubs', element: soon('Hubs do parceiro') },
      { path: 'settings', element: soon('Configurações') },
      { path: 'logistics/collections', element: page(<CollectionsPage />) },
      { path: 'logistics/create-otp/:id', element: page(<OtpPage />) },
      { path: 'terminal/:hubId', element: page(<TerminalPage />) },
      { path: '*', element: page(<DashboardNotFoundPage />) },
    ],
  },
]);
