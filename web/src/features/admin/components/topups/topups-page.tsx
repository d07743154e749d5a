import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { useTopups } from '@/features/admin/api/topups';
import { Badge, StatusBadge } from '@/features/admin/components/common/badge';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Pager } from '@/features/admin/components/common/pager';
import { PageHeader } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Segmented } from '@/features/admin/components/common/segmented';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { CheckSummary, VerdictBadge } from '@/features/admin/components/topups/receipt-checks';
import { formatAge } from '@/features/admin/utils/format';

const statuses = ['pending', 'confirmed', 'rejected', 'all'] as const;

/** The top-up queue: pending first (oldest first), each with its age against the 5-minute promise and its receipt checks. */
export function TopupsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = statuses.find((value) => value === params.get('status')) ?? 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading, mutate } = useTopups({ status, page });
  const set = (next: Record<string, string>) => setParams({ status, page: '1', ...next }, { replace: true });

  return (
    <>
      <PageHeader title={t('admin.topups.title')} subtitle={t('admin.topups.subtitle')} />
      <Segmented
        label={t('admin.common.status')}
        value={status}
        options={statuses.map((value) => ({ value, label: value === 'all' ? t('admin.common.all') : t(`admin.status.${value}`) }))}
        onChange={(value) => set({ status: value })}
      />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()} empty={data?.data.length === 0} emptyText={t('admin.topups.empty')}>
        <ul className="mt-4 grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label={t('admin.topups.title')}>
          {data?.data.map((topup) => (
            <li key={topup.id}>
              <Link
                to={`${adminBase}/topups/${topup.id}`}
                aria-label={t('admin.topups.review', { id: topup.id })}
                className={`flex flex-col gap-2 rounded-2xl border bg-white/80 p-4 shadow-sm transition hover:border-violet-400 dark:bg-white/5 ${
                  topup.overdue ? 'border-rose-300 dark:border-rose-500/40' : 'border-slate-200 dark:border-white/10'
                }`}
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="font-bold">#{topup.id}</span>
                  <span className="flex flex-wrap justify-end gap-1.5">
                    {topup.overdue && <Badge tone="bad">{t('admin.topups.overdue')}</Badge>}
                    {topup.checks && topup.status === 'pending' && <VerdictBadge checks={topup.checks} />}
                    <StatusBadge status={topup.status} />
                  </span>
                </div>
                <div className="flex items-baseline justify-between gap-2">
                  <Kyat value={topup.total} className="text-lg font-bold" />
                  <span className="text-sm text-slate-600 dark:text-slate-300">{topup.payment_method}</span>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
                  <span className="min-w-0 truncate">
                    {topup.user.username} · {topup.user.phone_number}
                  </span>
                  <span>
                    {topup.status === 'pending' ? t('admin.topups.waitingFor', { age: formatAge(topup.age_seconds, i18n.language) }) : <YangonTime value={topup.decided_at ?? topup.created_at} />}
                  </span>
                </div>
                {topup.checks && <CheckSummary checks={topup.checks} />}
              </Link>
            </li>
          ))}
        </ul>
        {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={(next) => set({ page: String(next) })} />}
      </QueryState>
    </>
  );
}
