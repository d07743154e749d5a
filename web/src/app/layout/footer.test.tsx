import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/handlers';
import { renderApp } from '@/testing/test-utils';

function serveSupport(support: object) {
  server.use(http.get('*/api/config', () => HttpResponse.json({ success: true, data: { ...testConfig, support } })));
}

async function footer() {
  renderApp('/login');
  return screen.findByRole('contentinfo');
}

describe('footer', () => {
  it('shows only the support channels the shop configured, with its hours', async () => {
    serveSupport({ telegram: 'https://t.me/shwetopup', phone: '+959791234567', hours: '9:00–23:00', delivery_minutes: 5 });
    const box = await footer();
    expect(await within(box).findByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/shwetopup');
    expect(within(box).getByRole('link', { name: /\+959791234567/ })).toHaveAttribute('href', 'tel:+959791234567');
    for (const name of ['Facebook', 'TikTok', 'Viber']) expect(within(box).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(within(box).getByText('Support hours: 9:00–23:00')).toBeInTheDocument();
    expect(box).not.toHaveTextContent('24/7');
  });

  it('shows a Viber chat when set', async () => {
    serveSupport({ viber: 'viber://chat?number=%2B959791234567' });
    const box = await footer();
    expect(await within(box).findByRole('link', { name: 'Viber' })).toHaveAttribute('href', 'viber://chat?number=%2B959791234567');
  });

  it('shows no dead link and promises no hours when nothing is configured', async () => {
    serveSupport({});
    const box = await footer();
    expect(await within(box).findByText('We answer messages as soon as we can.')).toBeInTheDocument();
    for (const name of ['Telegram', 'Facebook', 'TikTok', 'Viber']) expect(within(box).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(within(box).queryByRole('link', { name: /^tel:|\+95/ })).not.toBeInTheDocument();
    expect(box).not.toHaveTextContent('24/7');
  });
});
