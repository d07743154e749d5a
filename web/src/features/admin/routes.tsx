import type { RouteObject } from 'react-router';

import { paths } from '@/config/paths';

// The back office under /dashboard/*. The router mounts this tree
// inside the admin guard; each page is its own lazy chunk.
const page = <K extends string>(load: () => Promise<Record<K, () => React.JSX.Element>>, name: K) => async () => ({ Component: (await load())[name] });

export const dashboardRoute: RouteObject = {
  path: paths.dashboard,
  lazy: async () => ({ Component: (await import('@/features/admin/components/layout/admin-layout')).AdminLayout }),
  children: [
    { index: true, lazy: page(() => import('@/features/admin/components/overview/overview-page'), 'OverviewPage') },
    { path: 'topups', lazy: page(() => import('@/features/admin/components/topups/topups-page'), 'TopupsPage') },
    { path: 'topups/:id', lazy: page(() => import('@/features/admin/components/topups/topup-page'), 'TopupPage') },
    { path: 'orders', lazy: page(() => import('@/features/admin/components/orders/orders-page'), 'OrdersPage') },
    { path: 'orders/:id', lazy: page(() => import('@/features/admin/components/orders/order-page'), 'OrderPage') },
    { path: 'refunds', lazy: page(() => import('@/features/admin/components/refunds/refunds-page'), 'RefundsPage') },
    { path: 'users', lazy: page(() => import('@/features/admin/components/users/users-page'), 'UsersPage') },
    { path: 'users/:id', lazy: page(() => import('@/features/admin/components/users/user-page'), 'UserPage') },
    { path: 'catalogue/:section?', lazy: page(() => import('@/features/admin/components/catalogue/catalogue-page'), 'CataloguePage') },
    { path: 'receipt-checks', lazy: page(() => import('@/features/admin/components/receipt-checks/receipt-rules-page'), 'ReceiptRulesPage') },
    { path: 'reviews', lazy: page(() => import('@/features/admin/components/reviews/reviews-page'), 'ReviewsPage') },
    { path: 'audit', lazy: page(() => import('@/features/admin/components/audit/audit-page'), 'AuditPage') },
    { path: 'events', lazy: page(() => import('@/features/admin/components/events/events-page'), 'EventsPage') },
  ],
};
