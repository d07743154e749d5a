import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router';

import { dashboardRoute } from '@/features/admin/routes';
import type { AdminOrder, AdminTopup, AdminUser, Overview, TopupChecks } from '@/features/admin/api/types';
import { renderApp, signInAs } from '@/testing/test-utils';
import { server } from '@/testing/mocks/server';

// Renders /dashboard/* without the shop's shell (its own requests are not
// part of these tests), signed in as an admin.

export const overview: Overview = {
  time_zone: 'Asia/Yangon',
  day: '2026-11-22',
  day_start: '2026-11-21T17:30:00Z',
  day_end: '2026-11-22T17:30:00Z',
  sales: { total: 125000, count: 7 },
  topups: { waiting: 2, overdue: 1, oldest_age_seconds: 420, promise_seconds: 300, oldest: [] },
  orders: { waiting: 1, oldest_age_seconds: 60 },
  wallet_liability: 950000,
  users: 42,
  ledger: { ok: true, mismatches: [] },
};

export const customer: AdminUser = {
  id: 7,
  username: 'aungaung',
  phone_number: '+959123456789',
  email: null,
  wallet_amount: 5000,
  is_admin: false,
  is_banned: false,
  ban_reason: null,
  locale: null,
  deletion_requested_at: null,
  created_at: '2026-11-01T03:00:00Z',
};

export function topup(overrides: Partial<AdminTopup> = {}): AdminTopup {
  return {
    id: 5,
    amount: 50000,
    verification_amount: 37,
    total: 50037,
    payment_method: 'KBZPay',
    status: 'pending',
    reject_reason: null,
    created_at: '2026-11-22T03:00:00Z',
    decided_at: null,
    user_id: 7,
    user: { id: 7, username: 'aungaung', phone_number: '+959123456789' },
    upload_id: 9,
    receipt_id: 9,
    receipt_url: '/api/uploads/9',
    decided_by: null,
    decided_by_name: null,
    age_seconds: 400,
    overdue: true,
    ...overrides,
  };
}

/** Receipt checks that all passed; overrides replace whole checks. */
export function checks(overrides: Partial<TopupChecks> = {}): TopupChecks {
  return {
    reading: 'read',
    verdict: 'clean',
    failed: [],
    amount: { result: 'pass', expected: 50037, read: 50037, confidence: 0.93 },
    transaction_id: { result: 'pass', read: '01008277387886773966', confidence: 0.9, earlier: [], rule: 'block', blocks: false },
    duplicate_image: { result: 'pass', threshold: 0.25, earlier: [] },
    receipt_date: { result: 'pass', read: '2026-11-22T02:58:00Z', confidence: 0.9, quoted_at: '2026-11-22T02:55:00Z' },
    ...overrides,
  };
}

/** Checks of a re-sent receipt: another amount, and the transaction id and picture of top-up #2. */
export function flaggedChecks(): TopupChecks {
  const earlier = { topup_id: 2, user_id: 8, username: 'kyawkyaw', status: 'confirmed' as const, created_at: '2026-11-20T03:00:00Z' };
  return checks({
    verdict: 'flagged',
    failed: ['amount', 'transaction_id', 'duplicate_image'],
    amount: { result: 'fail', expected: 50037, read: 52037, confidence: 0.93 },
    transaction_id: { result: 'fail', read: '01008277387886773966', confidence: 0.9, earlier: [earlier], rule: 'warn', blocks: false },
    duplicate_image: { result: 'fail', threshold: 0.25, earlier: [{ ...earlier, distance: 0.05 }] },
  });
}

export function order(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 31,
    user_id: 7,
    user: { id: 7, username: 'aungaung', phone_number: '+959123456789' },
    product_id: 3,
    product_name: '86 Diamonds',
    product_kind: 'coin',
    service_name: 'Top Up',
    game_name: 'Mobile Legends',
    price: 5000,
    service_charge: 0,
    total_price: 5000,
    game_uid: '123456789',
    server_id: '2001',
    status: 'pending',
    fail_reason: null,
    claimed_by: null,
    claimed_by_name: null,
    claimed_at: null,
    completed_at: null,
    created_at: '2026-11-22T03:00:00Z',
    updated_at: '2026-11-22T03:00:00Z',
    ...overrides,
  };
}

export const paged = <T,>(data: T[]) => ({ success: true, data: { data, current_page: 1, last_page: 1, per_page: 20, total: data.length } });

/** Signs in as an admin, answers the layout's own requests, and renders `path`. */
export function renderAdmin(path: string) {
  signInAs({ id: 1, username: 'admin', is_admin: true });
  server.use(
    http.get('*/api/admin/overview', () => HttpResponse.json({ success: true, data: overview })),
    http.get('*/api/admin/settings/admin-online', () => HttpResponse.json({ success: true, data: { admin_online: false } })),
  );
  return renderApp(path, [{ path: '/', element: <Outlet />, hydrateFallbackElement: <p>Loading</p>, children: [dashboardRoute] }]);
}
