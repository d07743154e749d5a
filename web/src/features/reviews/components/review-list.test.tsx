import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';
import { renderApp, signInAs } from '@/testing/test-utils';

const review = {
  id: 1,
  rating: 4,
  comment: 'Arrived in two minutes',
  user: { username: 'mgmg' },
  product: { id: 7, name: '60 UC' },
  created_at: '2026-11-20T09:00:00Z',
};

describe('reviews on the home page', () => {
  it('shows approved reviews with their stars, date, author and product', async () => {
    signInAs();
    server.use(http.get('*/api/reviews', () => HttpResponse.json({ success: true, data: { data: [review], current_page: 1, last_page: 1, per_page: 6, total: 1 } })));
    renderApp('/home');
    const section = await screen.findByRole('region', { name: 'What customers say' });
    const item = within(section).getByRole('listitem');
    expect(within(item).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Arrived in two minutes');
    expect(item).toHaveTextContent('20 Nov 2026');
    expect(item).toHaveTextContent('mgmg · 60 UC');
  });

  it('shows no section while there are no reviews', async () => {
    signInAs();
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Available Our Store' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What customers say' })).not.toBeInTheDocument();
  });
});
