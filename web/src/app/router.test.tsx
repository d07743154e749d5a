import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { routes } from '@/app/router';
import { testConfig } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

describe('router', () => {
  it('redirects / to /home', async () => {
    signInAs();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Our Store' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('titles the home page with the store name from /api/config', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ success: true, data: { ...testConfig, store_name: 'Shwe Store' } })));
    signInAs();
    renderApp('/home');
    await waitFor(() => expect(document.title).toBe('Shwe Store Home'));
  });

  it('falls back to the brand name when /api/config fails', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ success: false }, { status: 500 })));
    signInAs();
    renderApp('/home');
    await waitFor(() => expect(document.title).toBe('Shwe Top-Up Home'));
  });

  it.each(['/404', '/home/extra/segments', '/no/such/page'])('shows the 404 page for %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
  });

  it('shows the application error screen when a route throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React and the router report the error
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('kaboom');
    }
    const root = routes[0] as NonIndexRouteObject;
    const withBoom: RouteObject[] = [{ ...root, children: [...(root.children ?? []), { path: 'boom', Component: Boom }] }];
    renderApp('/boom', withBoom);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
  });
});
