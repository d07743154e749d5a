import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

const service = (id: number, name: string, slug: string, kind: string) => ({ id, name, name_my: '', slug, kind });
const game = (id: number, name: string, slug: string, svc: ReturnType<typeof service>) => ({
  id,
  name,
  name_my: '',
  slug,
  description: '',
  logo_url: '/media/g.svg',
  is_hot: false,
  uses_server_id: false,
  service_id: svc.id,
  service: { name: svc.name, name_my: svc.name_my, slug: svc.slug, kind: svc.kind },
});

describe('browse by service on home', () => {
  it('shows one chip per service from /api/services and narrows the games to it', async () => {
    signInAs();
    const topUp = service(1, 'Top Up', 'top-up', 'coin');
    const code = service(2, 'Code', 'code', 'code');
    const account = service(3, 'Account', 'account', 'account');
    server.use(
      http.get('*/api/services', () => HttpResponse.json({ success: true, data: [topUp, code, account] })),
      http.get('*/api/games', () => HttpResponse.json({ success: true, data: [game(1, 'PUBG Mobile', 'pubg', topUp), game(2, 'Steam Wallet', 'steam', code)] })),
    );
    const { user } = renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Browse by service' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['All', 'Top Up', 'Code', 'Account']);
    expect(within(nav).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('PUBG Mobile')).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Code' }));
    expect(await within(nav).findByRole('link', { name: 'Code', current: 'page' })).toHaveAttribute('href', '/home?service=code');
    expect(screen.getByText('Steam Wallet')).toBeInTheDocument();
    expect(screen.queryByText('PUBG Mobile')).not.toBeInTheDocument();
  });
});
