import { describe, expect, it } from 'vitest';

import { catalogueKey, strategyFor, type Strategy } from './routes';

const origin = 'https://shop.example';

describe('what the service worker keeps', () => {
  const cases: [method: string, path: string, mode: string, want: Strategy][] = [
    ['GET', '/home', 'navigate', 'shell'],
    ['GET', '/dashboard/topups', 'navigate', 'shell'],
    ['GET', '/assets/vendor-abc.js', 'cors', 'asset'],
    ['GET', '/icons/icon-192.png', 'no-cors', 'asset'],
    ['GET', '/api/games', 'cors', 'catalogue'],
    ['GET', '/api/services', 'cors', 'catalogue'],
    ['GET', '/api/products?game_id=2&page=1', 'cors', 'catalogue'],
    ['GET', '/api/products/14', 'cors', 'catalogue'],
    ['GET', '/api/banner', 'cors', 'catalogue'],
    ['GET', '/api/config', 'cors', 'catalogue'],
    ['GET', '/media/games/mlbb.webp', 'no-cors', 'image'],
    // Money and secrets: never kept.
    ['GET', '/api/user/3', 'cors', null],
    ['GET', '/api/wallet/ledger', 'cors', null],
    ['GET', '/api/wallet/statement.csv', 'cors', null],
    ['GET', '/api/orders', 'cors', null],
    ['GET', '/api/orders/4', 'cors', null],
    ['GET', '/api/topup-orders', 'cors', null],
    ['GET', '/api/topup-quote?amount=5000', 'cors', null],
    ['GET', '/api/uploads/9', 'cors', null],
    ['GET', '/api/account/sessions', 'cors', null],
    ['GET', '/api/message/3', 'cors', null],
    ['GET', '/api/payment-methods', 'cors', null],
    ['GET', '/api/admin/overview', 'cors', null],
    ['POST', '/broadcasting/auth', 'cors', null],
    ['POST', '/api/order', 'cors', null],
    ['POST', '/api/games', 'cors', null],
    // The server's own files, not app pages.
    ['GET', '/api/games', 'navigate', null],
    ['GET', '/robots.txt', 'navigate', null],
    ['GET', '/sw.js', 'same-origin', null],
  ];
  it.each(cases)('%s %s (%s) → %s', (method, path, mode, want) => {
    expect(strategyFor({ method, url: origin + path, mode }, origin)).toBe(want);
  });

  it('leaves other sites alone', () => {
    expect(strategyFor({ method: 'GET', url: 'https://cdn.example/api/games', mode: 'cors' }, origin)).toBeNull();
  });

  it('names a changed catalogue answer by the key the app fetched it with', () => {
    expect(catalogueKey(`${origin}/api/products?game_id=2`)).toBe('/products?game_id=2');
    expect(catalogueKey(`${origin}/api/games`)).toBe('/games');
  });
});
