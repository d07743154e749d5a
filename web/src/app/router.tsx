import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';

import { RootLayout } from '@/app/layout/root-layout';
import { AppError } from '@/components/errors/app-error';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';

// Pages are lazy so each screen is its own chunk.
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
        path: paths.home,
        lazy: async () => ({ Component: (await import('@/app/routes/home')).HomeRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('@/app/routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
