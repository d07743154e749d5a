import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';

import { AppProvider } from '@/app/provider';
import { routes as appRoutes } from '@/app/router';
import { mockUsers } from '@/testing/mocks/handlers';
import type { SessionUser } from '@/types/session';

function Providers({ children }: { children: ReactNode }) {
  return (
    <AppProvider>
      {/* AppProvider gives each render a fresh cache; no deduping between tests. */}
      <SWRConfig value={{ dedupingInterval: 0 }}>{children}</SWRConfig>
    </AppProvider>
  );
}

/** Renders a component inside the app providers (i18n, SWR, theme). */
export function renderWithProviders(ui: ReactNode) {
  return { user: userEvent.setup(), ...render(<Providers>{ui}</Providers>) };
}

/** Renders the app's routes (or the given ones) at `path` with an in-memory router. */
export function renderApp(path = '/', routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    user: userEvent.setup(),
    ...render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

/** Sets the `user` cookie the way the login screen stores it (JSON, URI-encoded). */
export function signInAs(overrides: Partial<SessionUser> = {}) {
  const user: SessionUser = {
    id: 1,
    username: 'aungaung',
    phone_number: '09123456789',
    wallet_amount: 0,
    is_admin: false,
    is_banned: false,
    ...overrides,
  };
  mockUsers.set(user.id, user);
  document.cookie = `token=test-token; path=/`;
  document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/`;
  return user;
}
