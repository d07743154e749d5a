import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

describe('search from the header', () => {
  it('searches from the header field, signed out too', async () => {
    let asked = '';
    server.use(
      http.get('*/api/search', ({ request }) => {
        asked = new URL(request.url).searchParams.get('q') ?? '';
        return HttpResponse.json({ success: true, data: { query: asked, games: [], products: { data: [], current_page: 1, last_page: 1, per_page: 12, total: 0 } } });
      }),
    );
    const { user } = renderApp('/privacy-policy');
    const form = await screen.findByRole('search', { name: 'Search the shop' });
    await user.type(within(form).getByRole('searchbox', { name: 'Search the shop' }), 'diamonds{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: /diamonds/ })).toBeInTheDocument();
    expect(asked).toBe('diamonds');
  });

  it('has a search button to /search for phones', async () => {
    signInAs();
    renderApp('/home');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Open search' })).toHaveAttribute('href', '/search');
  });
});
