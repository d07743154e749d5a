import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AccountCard, PackageCard } from '@/features/products/components/product-card';
import { priceDisplay } from '@/features/products/utils/display';
import { product } from '@/testing/data';
import { renderWithProviders } from '@/testing/test-utils';

describe('price and badge display (docs/spec.md §5)', () => {
  it('rounds prices down and shows badges only above 0 % and 20 %', () => {
    expect(priceDisplay({ price: 1999.99, fake_price: null, discount_percent: 0 })).toEqual({ price: 1999, total: 2049, fakePrice: null, fakeTotal: null, discount: null, hot: false });
    expect(priceDisplay({ price: 900, fake_price: 1000.9, discount_percent: 10 })).toEqual({ price: 900, total: 950, fakePrice: 1000, fakeTotal: 1050, discount: 10, hot: false });
    expect(priceDisplay({ price: 700, fake_price: 1000, discount_percent: 20 }).hot).toBe(false);
    expect(priceDisplay({ price: 700, fake_price: 1000, discount_percent: 21 }).hot).toBe(true);
    // A "was" price that is not above the price is not shown.
    expect(priceDisplay({ price: 700, fake_price: 700, discount_percent: 0 }).fakePrice).toBeNull();
  });

  it('shows the all-in price (with the 50 Ks service charge, said so), the struck fake price, the discount and HOT badges on a coin card', async () => {
    const onBuy = vi.fn();
    const { user } = renderWithProviders(<PackageCard product={product({ price: 10500.6, fake_price: 14000, discount_percent: 25 })} position={0} onBuy={onBuy} />);
    const card = screen.getByRole('article', { name: '86 Diamonds' });
    expect(within(card).getByText('10,550 Ks')).toBeInTheDocument();
    expect(within(card).getByText('incl. 50 Ks service charge')).toBeInTheDocument();
    expect(within(card).getByText('14,050 Ks').closest('s')).not.toBeNull();
    expect(within(card).getByText('-25%')).toBeInTheDocument();
    expect(within(card).getByText('HOT')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Purchase' }));
    expect(onBuy).toHaveBeenCalled();
  });

  it('shows no badges at 0 % and Buy Code for codes', () => {
    renderWithProviders(<PackageCard product={product({ service: { name: 'Code', name_my: 'ကုဒ်', slug: 'code', kind: 'code' } })} position={0} onBuy={vi.fn()} />);
    expect(screen.queryByText(/%$/)).not.toBeInTheDocument();
    expect(screen.queryByText('HOT')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Code' })).toBeEnabled();
  });

  it('covers a sold account with Sold Out and disables buying', () => {
    renderWithProviders(
      <AccountCard product={product({ is_sold: true, service: { name: 'Account', name_my: 'အကောင့်', slug: 'account', kind: 'account' }, preview_img: ['/a.svg'] })} position={0} onBuy={vi.fn()} />,
    );
    expect(screen.getByText('Sold Out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });
});

describe('card headings', () => {
  // The game's page has one h1 (the service); a card's name is the next level,
  // never a skipped one (Lighthouse's heading-order audit, issue 21).
  it('names each card with a level-2 heading', () => {
    renderWithProviders(
      <>
        <PackageCard product={product()} position={0} onBuy={vi.fn()} />
        <AccountCard product={product({ id: 2, name: 'Mythic account', service: { name: 'Account', name_my: 'အကောင့်', slug: 'account', kind: 'account' } })} position={0} onBuy={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: '86 Diamonds' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Mythic account' })).toBeInTheDocument();
  });
});

describe('card images', () => {
  // The first card's image is the game page's largest paint (Lighthouse, issue 21):
  // the cards a phone shows at once load eagerly, the first one first.
  it('loads the first screen’s images at once, the first with high priority, the rest lazily', () => {
    renderWithProviders(
      <ul>
        {[0, 1, 5, 6].map((position) => (
          <li key={position}>
            <PackageCard product={product({ id: position + 1, name: `Pack ${position}` })} position={position} onBuy={vi.fn()} />
          </li>
        ))}
      </ul>,
    );
    const image = (position: number) => within(screen.getByRole('article', { name: `Pack ${position}` })).getByRole('presentation');
    expect(image(0)).toHaveAttribute('loading', 'eager');
    expect(image(0)).toHaveAttribute('fetchpriority', 'high');
    expect(image(1)).toHaveAttribute('loading', 'eager');
    expect(image(1)).not.toHaveAttribute('fetchpriority');
    expect(image(5)).toHaveAttribute('loading', 'eager');
    expect(image(6)).toHaveAttribute('loading', 'lazy');
  });
});

describe('the first screen’s copy of the cards (index.html)', () => {
  const serveCopy = () => {
    const copy = document.createElement('div');
    copy.id = 'first-screen';
    document.body.prepend(copy);
  };
  const copy = () => document.getElementById('first-screen');
  afterEach(() => {
    copy()?.remove();
    vi.useRealTimers();
  });

  it('goes at once when the first card has no image: an <img> without src fires neither load nor error', () => {
    serveCopy();
    renderWithProviders(<PackageCard product={product({ img_url: '' })} position={0} onBuy={vi.fn()} />);
    expect(copy()).toBeNull();
  });

  it('stays while the first image loads, and goes within a few seconds even if it never does (a hanging image host)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    serveCopy();
    renderWithProviders(<PackageCard product={product()} position={0} onBuy={vi.fn()} />);
    expect(copy()).not.toBeNull();
    vi.advanceTimersByTime(5_000);
    expect(copy()).toBeNull();
  });

  it('is left to the first card: a later card without an image does not end it', () => {
    serveCopy();
    renderWithProviders(<PackageCard product={product({ img_url: '' })} position={1} onBuy={vi.fn()} />);
    expect(copy()).not.toBeNull();
  });
});
