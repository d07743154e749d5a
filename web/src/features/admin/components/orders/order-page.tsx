import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { useOrder } from '@/features/admin/api/orders';
import { StatusBadge } from '@/features/admin/components/common/badge';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Facts, PageHeader, Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { OrderActions } from '@/features/admin/components/orders/order-actions';
import { scriptLang } from '@/lib/script-lang';

/** An order with its timeline (row state plus audit entries). */
// The steps the server names itself; any other is an audit action, an identifier shown as it is.
const steps = ['created', 'claimed', 'completed', 'failed'] as const;
const isStep = (kind: string): kind is (typeof steps)[number] => (steps as readonly string[]).includes(kind);

export function OrderPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, error, isLoading, mutate } = useOrder(id);
  const order = data?.order;
  return (
    <>
      <PageHeader
        title={t('admin.orders.detailTitle', { id })}
        actions={
          <Link className="text-sm font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/orders?view=all`}>
            {t('admin.orders.back')}
          </Link>
        }
      />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()}>
        {data && order && (
          <div className="grid gap-4 xl:grid-cols-2">
            <Panel title={order.product_name} actions={<StatusBadge status={order.status} />}>
              <Facts
                items={[
                  [t('admin.orders.game'), `${order.game_name} · ${order.service_name}`],
                  [t('admin.orders.kind'), t(`admin.kinds.${order.product_kind}`)],
                  [t('admin.orders.customer'), <Link key="c" className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/users/${order.user_id}`}>{order.user.username} · {order.user.phone_number}</Link>],
                  [t('admin.orders.gameId'), <span key="g" className="font-mono font-bold select-all">{order.game_uid || '—'}</span>],
                  [t('admin.orders.serverId'), <span key="s" className="font-mono font-bold select-all">{order.server_id || '—'}</span>],
                  [t('admin.orders.price'), <Kyat key="p" value={order.price} />],
                  [t('admin.orders.charge'), <Kyat key="sc" value={order.service_charge} />],
                  [t('admin.orders.total'), <Kyat key="t" value={order.total_price} className="font-bold" />],
                  [t('admin.orders.created'), <YangonTime key="cr" value={order.created_at} />],
                  [t('admin.orders.claimed'), order.claimed_by_name ? <span key="cl">{order.claimed_by_name} · <YangonTime value={order.claimed_at} /></span> : '—'],
                  [t('admin.orders.completed'), <YangonTime key="co" value={order.completed_at} />],
                  [t('admin.orders.failReason'), order.fail_reason ?? '—'],
                ]}
              />
              <div className="mt-4">
                <OrderActions order={order} onChanged={() => void mutate()} />
              </div>
            </Panel>
            <Panel title={t('admin.orders.timeline')}>
              <ol className="relative flex flex-col gap-4 border-l-2 border-violet-200 pl-4 dark:border-violet-500/30" aria-label={t('admin.orders.timeline')}>
                {data.timeline.map((entry, index) => (
                  <li key={index} className="relative">
                    <span className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full bg-violet-500" aria-hidden="true" />
                    <p className="font-semibold">
                      {isStep(entry.kind) ? t(`admin.orders.steps.${entry.kind}`) : <span translate="no" className="font-mono text-xs">{entry.kind}</span>}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      <YangonTime value={entry.at} />
                      {entry.actor ? ` · ${entry.actor}` : ''}
                    </p>
                    {entry.reason && (
                      <p className="text-sm" translate="no" lang={scriptLang(entry.reason)}>
                        {entry.reason}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            </Panel>
          </div>
        )}
      </QueryState>
    </>
  );
}
