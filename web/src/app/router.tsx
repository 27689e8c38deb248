import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { ScreenLoading } from '@/components/ui/skeleton';
import {
  EmailConfirmationPage,
  ForgotPasswordPage,
  InvitationPage,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
  SocialCallbackPage,
  UpdatePhonePage,
} from '@/features/auth/routes';
import { AccessRequestsPage } from '@/features/access/routes';
import { AlertsPage } from '@/features/alerts/routes';
import { AccessPage, CheckoutPage } from '@/features/booking/routes';
import {
  AdminOnly,
  PickupStaffOnly,
  DashboardHomePage,
  DashboardLayout,
  DashboardNotFoundPage,
  HubAdminDetailPage,
  HubFormPage,
  HubHistoryPage,
  HubsPage,
  LockerHistoryPage,
  ToLogisticsHubs,
} from '@/features/dashboard/routes';
import { HomePage, HubDetailPage } from '@/features/hubs/routes';
import { CollectionsPage, LogisticsHubDetailPage, LogisticsHubsPage, OtpPage, TerminalPage } from '@/features/logistics/routes';
import { OperatorsPage } from '@/features/operators/routes';
import { SettingsPage } from '@/features/settings/routes';
import { IntegrationPage, PartnerDetailPage, PartnerFormPage, PartnerHubsPage, PartnersPage, PartnerUsersPage } from '@/features/partners/routes';
import { ProfileEditPage, ProfilePage } from '@/features/profile/routes';
import { ContactPage, PrivacyPage, TermsPage } from '@/features/static-pages/routes';

// Each screen is its own chunk (the features' routes.ts): the home page does not download the
// checkout or the dashboard.
const NotFoundPage = lazy(() => import('@/pages/not-found'));

// While a screen's chunk loads, its place is a screen tall (no layout shift when it arrives).
const page = (node: ReactNode) => <Suspense fallback={<ScreenLoading label="Carregando..." />}>{node}</Suspense>;

/** A screen whose calls only admins may make; anyone else sees why, never a form (ADR 0019). */
const adminOnly = (node: ReactNode) => page(<AdminOnly>{node}</AdminOnly>);

/** Pickups and doors: admins and logistics, not maintenance (docs/adr/0020). */
const pickupStaff = (node: ReactNode) => page(<PickupStaffOnly>{node}</PickupStaffOnly>);

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
      { path: '/convite', element: page(<InvitationPage />) },
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
      { path: 'access-requests', element: adminOnly(<AccessRequestsPage />) },
      { path: 'operators', element: adminOnly(<OperatorsPage />) },
      { path: 'partners', element: adminOnly(<PartnersPage />) },
      { path: 'partners/new/form', element: adminOnly(<PartnerFormPage />) },
      { path: 'partners/:id', element: adminOnly(<PartnerDetailPage />) },
      { path: 'partners/:id/form', element: adminOnly(<PartnerFormPage />) },
      { path: 'partners/:id/users', element: adminOnly(<PartnerUsersPage />) },
      { path: 'partners/:id/hubs', element: adminOnly(<PartnerHubsPage />) },
      { path: 'settings', element: adminOnly(<SettingsPage />) },
      // A partner's user's one screen (the page says 'Acesso restrito' to anyone else, as the API answers 403).
      { path: 'integration', element: page(<IntegrationPage />) },
      { path: 'logistics/collections', element: pickupStaff(<CollectionsPage />) },
      { path: 'alerts', element: pickupStaff(<AlertsPage />) },
      { path: 'logistics/create-otp/:id', element: pickupStaff(<OtpPage />) },
      { path: 'terminal/:hubId', element: pickupStaff(<TerminalPage />) },
      { path: '*', element: page(<DashboardNotFoundPage />) },
    ],
  },
]);
