import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useOverview } from '@/features/admin/api/overview';
import { Badge } from '@/features/admin/components/common/badge';
import { Kyat } from '@/features/admin/components/common/kyat';
import { PageHeader, Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { formatAge } from '@/features/admin/utils/format';
import { formatAmount } from '@/lib/format';

function Stat({ label, value, note, tone }: { label: string; value: ReactNode; note?: ReactNode; tone?: 'bad' | 'good' }) {
  const ring = tone === 'bad' ? 'border-rose-300 dark:border-rose-500/40' : tone === 'good' ? 'border-emerald-300 dark:border-emerald-500/30' : 'border-slate-200 dark:border-white/10';
  return (
    <div className={`min-w-0 rounded-2xl border bg-white/80 p-4 shadow-sm dark:bg-white/5 ${ring}`}>
      <p className="text-xs font-semibold text-muted uppercase dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {note && <div className="mt-1 text-xs text-slate-600 dark:text-slate-300">{note}</div>}
    </div>
  );
}

/** Today in Myanmar at a glance: sales, queues and their age, money held, ledger health. */
export function OverviewPage() {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, mutate } = useOverview();
  return (
    <>
      <PageHeader title={t('admin.overview.title')} subtitle={data ? t('admin.overview.day', { day: data.day, zone: t('admin.timeZone') }) : undefined} />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()}>
        {data && (
          <div className="flex flex-col gap-4">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              <Stat label={t('admin.overview.sales')} value={<Kyat value={data.sales.total} />} note={t('admin.overview.salesCount', { count: data.sales.count })} />
              <Stat
                label={t('admin.overview.topupsWaiting')}
                value={data.topups.waiting}
                tone={data.topups.overdue > 0 ? 'bad' : undefined}
                note={
                  <span className="flex flex-wrap gap-2">
                    <span>{t('admin.overview.oldest', { age: formatAge(data.topups.oldest_age_seconds, i18n.language) })}</span>
                    {data.topups.overdue > 0 && <Badge tone="bad">{t('admin.overview.overdue', { count: data.topups.overdue, minutes: Math.round(data.topups.promise_seconds / 60) })}</Badge>}
                  </span>
                }
              />
              <Stat label={t('admin.overview.ordersWaiting')} value={data.orders.waiting} note={t('admin.overview.oldest', { age: formatAge(data.orders.oldest_age_seconds, i18n.language) })} />
              <Stat label={t('admin.overview.liability')} value={<Kyat value={data.wallet_liability} />} note={t('admin.overview.users', { count: data.users, formatted: formatAmount(data.users) })} />
              <Stat
                label={t('admin.overview.ledger')}
                tone={data.ledger.ok ? 'good' : 'bad'}
                value={data.ledger.ok ? t('admin.overview.ledgerOk') : t('admin.overview.ledgerBad', { count: data.ledger.mismatches.length })}
                note={t('admin.overview.ledgerNote')}
              />
            </div>
            {data.topups.oldest.length > 0 && (
              <Panel title={t('admin.overview.oldestTopups')} actions={<Link className="text-sm font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/topups`}>{t('admin.overview.openQueue')}</Link>}>
                <Table label={t('admin.overview.oldestTopups')} head={[t('admin.topups.id'), t('admin.topups.customer'), t('admin.topups.total'), t('admin.topups.age'), t('admin.topups.created')]}>
                  {data.topups.oldest.map((topup) => (
                    <tr key={topup.id}>
                      <Td>
                        <Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/topups/${topup.id}`}>#{topup.id}</Link>
                      </Td>
                      <Td>{topup.user.username}</Td>
                      <Td><Kyat value={topup.total} /></Td>
                      <Td>{topup.overdue ? <Badge tone="bad">{formatAge(topup.age_seconds, i18n.language)}</Badge> : formatAge(topup.age_seconds, i18n.language)}</Td>
                      <Td><YangonTime value={topup.created_at} /></Td>
                    </tr>
                  ))}
                </Table>
              </Panel>
            )}
            {!data.ledger.ok && (
              <Panel title={t('admin.overview.mismatches')}>
                <Table label={t('admin.overview.mismatches')} head={[t('admin.users.user'), t('admin.users.wallet'), t('admin.overview.ledgerSum'), t('admin.overview.entries')]}>
                  {data.ledger.mismatches.map((row) => (
                    <tr key={row.user_id}>
                      <Td><Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/users/${row.user_id}`}>#{row.user_id}</Link></Td>
                      <Td><Kyat value={row.wallet_amount} /></Td>
                      <Td><Kyat value={row.ledger_sum} /></Td>
                      <Td>{row.entries}</Td>
                    </tr>
                  ))}
                </Table>
              </Panel>
            )}
          </div>
        )}
      </QueryState>
    </>
  );
}
