import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useOrderQueue, useOrders } from '@/features/admin/api/orders';
import type { AdminOrder } from '@/features/admin/api/types';
import type { Page } from '@/types/api';
import { StatusBadge } from '@/features/admin/components/common/badge';
import { SelectField } from '@/components/ui/fields';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Pager } from '@/features/admin/components/common/pager';
import { PageHeader } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Segmented } from '@/features/admin/components/common/segmented';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { OrderActions } from '@/features/admin/components/orders/order-actions';
import { useFilterParams } from '@/features/admin/hooks/use-filter-params';

const statuses = ['', 'pending', 'processing', 'completed', 'failed', 'refunded'] as const;

function OrderCard({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white/80 p-4 shadow-sm dark:border-white/10 dark:bg-white/5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`${adminBase}/orders/${order.id}`} className="font-bold text-violet-700 dark:text-violet-300">
            #{order.id} · {order.product_name}
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-300">{order.game_name}</p>
        </div>
        <StatusBadge status={order.status} />
      </div>
      {order.product_kind === 'coin' && (
        <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-white/5">
          <div className="min-w-0">
            <dt className="text-xs font-semibold text-muted uppercase">{t('admin.orders.gameId')}</dt>
            <dd className="font-mono font-bold break-all select-all">{order.game_uid || '—'}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-semibold text-muted uppercase">{t('admin.orders.serverId')}</dt>
            <dd className="font-mono font-bold break-all select-all">{order.server_id || '—'}</dd>
          </div>
        </dl>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
        <span className="min-w-0 truncate">{order.user.username} · {order.user.phone_number}</span>
        <Kyat value={order.total_price} className="font-semibold text-slate-900 dark:text-slate-100" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <YangonTime value={order.created_at} />
        {order.claimed_by_name && <span>{t('admin.orders.claimedBy', { name: order.claimed_by_name })}</span>}
      </div>
      <OrderActions order={order} />
    </li>
  );
}

function OrderList({ result, onPage }: { result: { data?: Page<AdminOrder>; error: unknown; isLoading: boolean; mutate: () => unknown }; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = result;
  return (
    <QueryState loading={isLoading} error={error} retry={() => void mutate()} empty={data?.data.length === 0} emptyText={t('admin.orders.empty')}>
      <ul className="mt-4 grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label={t('admin.orders.title')}>
        {data?.data.map((order) => <OrderCard key={order.id} order={order} />)}
      </ul>
      {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={onPage} />}
    </QueryState>
  );
}

function QueueView({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  return <OrderList result={useOrderQueue(page)} onPage={onPage} />;
}

function AllView({ page, q, status, onChange }: { page: number; q: string; status: string; onChange: (next: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim(), page: '1' });
  };
  return (
    <>
      <form onSubmit={submit} role="search" className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
        <TextField label={t('admin.orders.search')} placeholder={t('admin.orders.searchHint')} value={text} onChange={(event) => setText(event.target.value)} type="search" />
        <SelectField
          label={t('admin.common.status')}
          value={status}
          onChange={(event) => onChange({ status: event.target.value, page: '1' })}
          options={statuses.map((value) => ({ value, label: value ? t(`admin.status.${value}`) : t('admin.common.all') }))}
        />
        <Button type="submit">{t('admin.common.search')}</Button>
      </form>
      <OrderList result={useOrders({ q, status, page })} onPage={(next) => onChange({ page: String(next) })} />
    </>
  );
}

/** Coin orders waiting for delivery, and every order searchable. */
export function OrdersPage() {
  const { t } = useTranslation();
  const { params, setParams, update } = useFilterParams();
  const view = params.get('view') === 'all' ? 'all' : 'queue';
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <>
      <PageHeader title={t('admin.orders.title')} subtitle={t('admin.orders.subtitle')} />
      <Segmented
        label={t('admin.orders.view')}
        value={view}
        options={[
          { value: 'queue', label: t('admin.orders.queue') },
          { value: 'all', label: t('admin.orders.all') },
        ]}
        onChange={(value) => setParams(value === 'all' ? { view: 'all' } : {}, { replace: true })}
      />
      {view === 'queue' ? (
        <QueueView page={page} onPage={(next) => update({ page: String(next) })} />
      ) : (
        <AllView page={page} q={params.get('q') ?? ''} status={params.get('status') ?? ''} onChange={update} />
      )}
    </>
  );
}
