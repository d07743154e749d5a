// Route table (docs/spec.md §2).
export const paths = {
  root: '/',
  home: '/home',
  search: '/search',
  notFound: '/404',
  login: '/login',
  register: '/register',
  topUp: '/top-up',
  wallet: '/wallet',
  order: '/order',
  dashboard: '/dashboard',
  banned: '/banned',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
  security: '/security-policy',
  detail: (serviceName: string, name: string) => `/detail/${encodeURIComponent(serviceName)}/${encodeURIComponent(name)}`,
  profile: (username: string) => `/${encodeURIComponent(username)}`,
  orderDetail: (id: number | string) => `/orders/${encodeURIComponent(String(id))}`,
} as const;

/** The id of the game grid on /home that 'Home' and 'Games Shop' scroll down to. */
export const GAMES_SECTION_ID = 'games';

/** The id of the order history on the account page, where the menu's 'My orders' scrolls to. */
export const ORDERS_SECTION_ID = 'orders';
