import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';

import { Guard, OrderGuard, UsernameGuard } from '@/app/guards';
import { RootLayout } from '@/app/layout/root-layout';
import { AppError } from '@/components/errors/app-error';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { dashboardRoute } from '@/features/admin/routes';
import { preloadBanner } from '@/features/catalog/api/banner';
import { preloadGames } from '@/features/catalog/api/games';
import { isAuthenticated } from '@/lib/session';

const policies = () => import('@/app/routes/policies');
const auth = () => import('@/app/routes/auth');

let homePreloaded = false;

// A route loader runs alongside its lazy chunk: /home's banner and games are
// requested while its code downloads instead of after it renders (the banner
// is its largest paint). Once per page load: a preload is kept until a hook
// takes it, so a later visit with cached data must not leave one behind.
function preloadHome() {
  // Guests are sent to /login by the guard, which renders after loaders run.
  if (!homePreloaded && isAuthenticated()) {
    homePreloaded = true;
    preloadBanner();
    preloadGames();
  }
  return null;
}

// Pages are lazy so each screen is its own chunk. Guards are layout routes (docs/spec.md §6).
export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement: <AppError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      // The loader redirects before render; the element covers a render without loaders.
      { index: true, loader: () => redirect(paths.home), element: <Navigate to={paths.home} replace /> },
      {
        element: <Guard kind="guest" />,
        children: [
          { path: paths.login, lazy: async () => ({ Component: (await auth()).LoginRoute }) },
          { path: paths.register, lazy: async () => ({ Component: (await auth()).RegisterRoute }) },
        ],
      },
      {
        // Open to guests when the shop allows guest browsing (GUEST_BROWSING).
        element: <Guard kind="browse" />,
        children: [
          { path: paths.home, loader: preloadHome, lazy: async () => ({ Component: (await import('@/app/routes/home')).HomeRoute }) },
          { path: 'detail/:serviceName/:name', lazy: async () => ({ Component: (await import('@/app/routes/detail')).DetailRoute }) },
        ],
      },
      {
        element: <Guard kind="user" />,
        children: [
          { path: paths.topUp, lazy: async () => ({ Component: (await import('@/app/routes/top-up')).TopUpRoute }) },
          { path: paths.wallet, lazy: async () => ({ Component: (await import('@/app/routes/wallet')).WalletRoute }) },
          { path: 'orders/:id', lazy: async () => ({ Component: (await import('@/app/routes/order-detail')).OrderDetailRoute }) },
          {
            element: <OrderGuard />,
            children: [{ path: paths.order, lazy: async () => ({ Component: (await import('@/app/routes/order')).OrderRoute }) }],
          },
        ],
      },
      // Outside the user guard: a path that cannot be a username is the 404 page even signed out.
      {
        element: <UsernameGuard />,
        children: [{ path: ':username', lazy: async () => ({ Component: (await import('@/app/routes/profile')).ProfileRoute }) }],
      },
      {
        element: <Guard kind="admin" />,
        children: [dashboardRoute],
      },
      {
        element: <Guard kind="banned" />,
        children: [{ path: paths.banned, lazy: async () => ({ Component: (await import('@/app/routes/banned')).BannedRoute }) }],
      },
      { path: paths.search, lazy: async () => ({ Component: (await import('@/app/routes/search')).SearchRoute }) },
      { path: paths.privacy, lazy: async () => ({ Component: (await policies()).PrivacyRoute }) },
      { path: paths.terms, lazy: async () => ({ Component: (await policies()).TermsRoute }) },
      { path: paths.security, lazy: async () => ({ Component: (await policies()).SecurityRoute }) },
      { path: paths.notFound, lazy: async () => ({ Component: (await import('@/app/routes/not-found')).NotFoundRoute }) },
      { path: '*', lazy: async () => ({ Component: (await import('@/app/routes/not-found')).NotFoundRoute }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
