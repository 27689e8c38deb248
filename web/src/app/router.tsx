import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { Loading } from '@/components/ui/skeleton';

// Each screen is its own chunk: the home page does not download the checkout.
const HomePage = lazy(() => import('@/features/hubs/pages/home-page'));
const HubDetailPage = lazy(() => import('@/features/hubs/pages/hub-detail-page'));
const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('@/features/auth/pages/register-page'));
const EmailConfirmationPage = lazy(() => import('@/features/auth/pages/email-confirmation-page'));
const UpdatePhonePage = lazy(() => import('@/features/auth/pages/update-phone-page'));
const CheckoutPage = lazy(() => import('@/features/booking/pages/checkout-page'));
const AccessPage = lazy(() => import('@/features/booking/pages/access-page'));
const ProfilePage = lazy(() => import('@/features/profile/pages/profile-page'));
const NotFoundPage = lazy(() => import('@/pages/not-found'));

const page = (node: ReactNode) => <Suspense fallback={<Loading label="Carregando..." />}>{node}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: page(<HomePage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/email-confirmation', element: page(<EmailConfirmationPage />) },
      { path: '/update-phone', element: page(<UpdatePhonePage />) },
      { path: '/hubs/:id', element: page(<HubDetailPage />) },
      { path: '/checkout/:id', element: page(<CheckoutPage />) },
      { path: '/access/:id', element: page(<AccessPage />) },
      { path: '/profile', element: page(<ProfilePage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
]);
