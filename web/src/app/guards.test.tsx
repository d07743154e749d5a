import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { PENDING_ORDER_KEY, PLACED_ORDER_KEY } from '@/lib/pending-order';
import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

async function landsOn(path: string, expected: string) {
  const { router } = renderApp(path);
  await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  return router;
}

describe('route guards (docs/spec.md §6)', () => {
  it.each(['/home', '/top-up', '/order', '/detail/mobile-legends/mlbb', '/someone', '/dashboard'])(
    'sends signed-out visitors from %s to /login',
    async (path) => {
      await landsOn(path, '/login');
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    },
  );

  it.each(['/login', '/register'])('sends signed-in users from %s to /home', async (path) => {
    signInAs();
    await landsOn(path, '/home');
  });

  it.each(['/home', '/top-up', '/aungaung'])('sends admins from user-only %s to /dashboard', async (path) => {
    signInAs({ is_admin: true });
    server.use(http.get('*/api/admin/*', () => HttpResponse.json({ success: true, data: null })));
    await landsOn(path, '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });

  it('sends non-admins from /dashboard to /home', async () => {
    signInAs();
    await landsOn('/dashboard', '/home');
  });

  it.each(['/home', '/top-up', '/dashboard', '/login'])('sends banned users from %s to /banned', async (path) => {
    signInAs({ is_banned: true, ban_reason: 'Fake receipts' });
    await landsOn(path, '/banned');
    expect(await screen.findByText('BANNED')).toBeInTheDocument();
    expect(screen.getByText('Fake receipts')).toBeInTheDocument();
  });

  it('shows the default ban reason', async () => {
    signInAs({ is_banned: true, ban_reason: null });
    await landsOn('/banned', '/banned');
    expect(await screen.findByText('Violation of platform guidelines')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', 'https://t.me/shwetopup');
  });

  it.each([false, true])('sends everyone but banned users from /banned to /404 (signed in: %s)', async (signedIn) => {
    if (signedIn) signInAs();
    await landsOn('/banned', '/404');
  });

  it('allows only the own username', async () => {
    signInAs({ username: 'aungaung' });
    await landsOn('/aungaung', '/aungaung');
    expect(await screen.findByText('09123456789')).toBeInTheDocument();
    await landsOn('/someone-else', '/404');
  });

  it.each([`/${'a'.repeat(51)}`, '/%E2%80%AEnimda', '/%E2%80%8B'])('shows the 404 page for %s, which cannot be a username, even signed out', async (path) => {
    await landsOn(path, '/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows signed-in admins the 404 page for another name', async () => {
    signInAs({ is_admin: true, username: 'boss' });
    await landsOn('/someone-else', '/404');
  });

  it('needs a pending order for /order', async () => {
    signInAs();
    await landsOn('/order', '/404');
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ orderId: 1, orderType: 'coin', title: 'x', totalPrice: 1050 }));
    await landsOn('/order', '/order');
  });

  it('shows the order this tab just placed when its success screen is reloaded', async () => {
    signInAs();
    server.use(http.get('*/api/orders/42', () => HttpResponse.json({ success: false, code: 'not_found', message: 'Not found.' }, { status: 404 })));
    sessionStorage.setItem(PLACED_ORDER_KEY, '42');
    await landsOn('/order', '/orders/42');
  });

  it.each(['/privacy-policy', '/terms-of-service', '/security-policy', '/search'])('leaves %s open', async (path) => {
    await landsOn(path, path);
  });

  it('shows the ten terms sections with the effective date', async () => {
    renderApp('/terms-of-service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.replace(/^\d+\./, ''));
    expect(titles.filter((title) => title && !['Policies', 'Contact'].includes(title))).toEqual([
      'Account Registration',
      'User Responsibilities',
      'Payment Verification',
      'Refunds',
      'Intellectual Property',
      'Termination',
      'Limitation of Liability',
      'Modifications',
      'Governing Law',
      'Contact Us',
    ]);
    expect(screen.getByText(/Effective 17-08-2025/)).toBeInTheDocument();
    expect(screen.getByText(/within 24 hours of the purchase/)).toBeInTheDocument();
    expect(screen.getByText(/laws of the Republic of the Union of Myanmar/)).toBeInTheDocument();
  });
});
