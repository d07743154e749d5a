import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

import { useOverview } from '@/features/admin/api/overview';

export const adminBase = '/dashboard';

const items = [
  { to: '', key: 'overview', end: true },
  { to: 'topups', key: 'topups' },
  { to: 'orders', key: 'orders' },
  { to: 'refunds', key: 'refunds' },
  { to: 'users', key: 'users' },
  { to: 'catalogue', key: 'catalogue' },
  { to: 'reviews', key: 'reviews' },
  { to: 'receipt-checks', key: 'receiptChecks' },
  { to: 'audit', key: 'audit' },
  { to: 'events', key: 'events' },
] as const;

/** The dashboard sections: a sideways strip on phones (scrolling inside itself), a column on desktops. */
export function AdminNav() {
  const { t } = useTranslation();
  const { data } = useOverview();
  const counts: Partial<Record<(typeof items)[number]['key'], number>> = {
    topups: data?.topups.waiting,
    orders: data?.orders.waiting,
  };
  return (
    <nav aria-label={t('admin.nav.label')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 lg:overflow-visible">
      <ul className="flex gap-2 lg:flex-col">
        {items.map((item) => {
          const count = counts[item.key];
          return (
            <li key={item.key} className="shrink-0">
              <NavLink
                to={item.to ? `${adminBase}/${item.to}` : adminBase}
                end={'end' in item}
                className={({ isActive }) =>
                  `flex min-h-11 items-center justify-between gap-2 rounded-xl px-4 text-sm font-semibold whitespace-nowrap transition ${
                    isActive
                      ? 'bg-violet-600 text-white shadow-lg shadow-violet-600/20'
                      : 'border border-slate-200 bg-white/70 text-slate-700 hover:border-violet-300 dark:border-white/10 dark:bg-white/5 dark:text-slate-200'
                  }`
                }
              >
                {t(`admin.nav.${item.key}`)}
                {count ? (
                  <span className="rounded-full bg-gold-400 px-2 py-0.5 text-xs text-ink-900" aria-label={t('admin.nav.waiting', { count })}>
                    {count}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
