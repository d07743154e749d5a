import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { PromoBanner } from '@/features/catalog/components/promo-banner';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

const banner = { id: 1, title: 'Double Diamond Week', title_my: '', image_url: '/media/banners/double.svg', link: '' };

// The server's stand-in for /home's banner, as api/web_first_screen.go sends it.
function serveFirstScreen() {
  const stand = document.createElement('div');
  stand.id = 'first-screen';
  document.body.prepend(stand);
}
const firstScreen = () => document.getElementById('first-screen');

afterEach(() => firstScreen()?.remove());

describe('PromoBanner and the first screen', () => {
  it('keeps the stand-in and the banner’s place while it loads, and ends it once the image has loaded', async () => {
    serveFirstScreen();
    server.use(
      http.get('*/api/banner', async () => {
        await delay(50);
        return HttpResponse.json({ success: true, data: banner });
      }),
    );
    const { container } = renderWithProviders(<PromoBanner />);
    expect(container.querySelector('div[aria-hidden="true"].aspect-\\[10\\/3\\]')).not.toBeNull();
    const image = await screen.findByRole('img', { name: 'Double Diamond Week' });
    expect(firstScreen()).not.toBeNull();
    fireEvent.load(image);
    expect(firstScreen()).toBeNull();
  });

  it('ends the stand-in when there is no banner after all', async () => {
    serveFirstScreen();
    server.use(http.get('*/api/banner', () => HttpResponse.json({ success: true, data: null })));
    const { container } = renderWithProviders(<PromoBanner />);
    await waitFor(() => expect(firstScreen()).toBeNull());
    expect(container).toBeEmptyDOMElement();
  });

  it('ends the stand-in when the banner cannot be loaded', async () => {
    serveFirstScreen();
    server.use(http.get('*/api/banner', () => HttpResponse.json({ success: false }, { status: 500 })));
    renderWithProviders(<PromoBanner />);
    await waitFor(() => expect(firstScreen()).toBeNull());
  });

  it('keeps no place without a stand-in: no banner is known to be coming', () => {
    server.use(
      http.get('*/api/banner', async () => {
        await delay('infinite');
        return HttpResponse.json({ success: true, data: banner });
      }),
    );
    const { container } = renderWithProviders(<PromoBanner />);
    expect(container).toBeEmptyDOMElement();
  });
});
