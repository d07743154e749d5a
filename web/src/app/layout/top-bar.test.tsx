import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp, signInAs } from '@/testing/test-utils';

describe('top bar', () => {
  it('shows 0 Ks when nobody is signed in', async () => {
    renderApp('/home');
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('0 Ks');
  });

  it('shows the wallet of the user in the user cookie', async () => {
    signInAs({ wallet_amount: 1234567 });
    renderApp('/home');
    expect(await screen.findByRole('status', { name: 'Balance' })).toHaveTextContent('1,234,567 Ks');
  });

  it('links the logo home and names its buttons', async () => {
    signInAs();
    const { user } = renderApp('/home');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Shwe Top-Up home' })).toHaveAttribute('href', '/home');

    const menu = within(banner).getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(within(banner).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();

    const bell = within(banner).getByRole('button', { name: 'Open notifications' });
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = await screen.findByRole('dialog', { name: 'Notifications (0)' });
    expect(await within(panel).findByText('No notifications yet')).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(within(panel).getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });
});
