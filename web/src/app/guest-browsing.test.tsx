import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import * as navigation from '@/lib/navigation';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/handlers';
import { renderApp, signInAs } from '@/testing/test-utils';

// GUEST_BROWSING (issue 25): with it on, a visitor sees the shop before signing
// up and is asked to sign in only to order or top up, coming back afterwards.
// Off (the default), docs/spec.md §6 as before: guards.test.tsx.
describe('guest browsing on', () => {
  beforeEach(() => {
    server.use(http.get('*/api/config', () => HttpResponse.json({ success: true, data: { ...testConfig, guest_browsing: true } })));
  });

  it.each(['/home', '/detail/mobile-legends/mlbb', '/search?q=ml'])('shows %s to a guest', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  it.each([
    ['/top-up', '/login?next=%2Ftop-up'],
    ['/top-up?amount=5000', '/login?next=%2Ftop-up%3Famount%3D5000'],
    ['/wallet', '/login?next=%2Fwallet'],
  ])('asks a guest on %s to sign in and come back', async (path, to) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(to));
  });

  it('puts "Sign in" where the bell and the "0 Ks" wallet were, leading back to the page', async () => {
    renderApp('/home');
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login?next=%2Fhome');
    expect(screen.queryByRole('button', { name: 'Open notifications' })).not.toBeInTheDocument();
    expect(screen.queryByText('0 Ks')).not.toBeInTheDocument();
  });

  it('shows a signed-in customer the bell and the balance as always', async () => {
    signInAs({ wallet_amount: 1200 });
    renderApp('/home');
    expect(await screen.findByText('1,200 Ks')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('goes back to where the guest was once signed in, and carries it through registration', async () => {
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => undefined);
    const apiUser = { id: 3, username: 'kyaw', phone_number: '09111222333', email: null, wallet_amount: 0, is_admin: false, is_banned: false, ban_reason: null };
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ success: true, token: 'tok-3', user: apiUser })),
      http.get('*/api/user/3', () => HttpResponse.json({ success: true, data: apiUser })),
    );
    const { user } = renderApp('/login?next=%2Forder');
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?next=%2Forder');
    await user.type(screen.getByLabelText('Phone number or e-mail'), '09111222333');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/order'));
    redirect.mockRestore();
  });

  it('never follows a next that leaves the site', async () => {
    const redirect = vi.spyOn(navigation, 'hardRedirect').mockImplementation(() => undefined);
    const apiUser = { id: 4, username: 'mya', phone_number: '09111222334', email: null, wallet_amount: 0, is_admin: false, is_banned: false, ban_reason: null };
    server.use(
      http.post('*/api/login', () => HttpResponse.json({ success: true, token: 'tok-4', user: apiUser })),
      http.get('*/api/user/4', () => HttpResponse.json({ success: true, data: apiUser })),
    );
    const { user } = renderApp('/login?next=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('Phone number or e-mail'), '09111222334');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/home'));
    redirect.mockRestore();
  });

  it('keeps the menu of a guest: Login, Register, Home, Support', async () => {
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Login', 'Register', 'Home', 'Support']);
  });
});

describe('guest browsing off (the default)', () => {
  it('sends a guest from /home to a plain /login, and keeps the bell and the 0 Ks wallet', async () => {
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/login'));
    expect(await screen.findByText('0 Ks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
