import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Pagination } from '@/components/pagination/pagination';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ORDERS_SECTION_ID, paths } from '@/config/paths';
import { KeyIcon } from '@/components/ui/icons';
import { useOrders } from '@/features/orders/api/orders';
import type { Order } from '@/types/api';
import { OrderStatusBadge } from '@/features/orders/components/status-badge';
import { ViewAccountDialog } from '@/features/orders/components/view-account-dialog';
import { useErrorText } from '@/hooks/use-error-text';
import { formatAmount } from '@/lib/format';
import { formatDate } from '@/lib/time';

type OrderHistoryProps = {
  /** More actions for a row, composed by the page (a feature never imports another): e.g. requesting a refund. */
  orderAction?: (order: Order) => ReactNode;
};

/** docs/spec.md §2 order history: a table from 640px, cards on a phone; View Account for account orders. */
export function OrderHistory({ orderAction }: OrderHistoryProps = {}) {
  const { t, i18n } = useTranslation();
  // Orders keep the service's English name as it was; in Burmese the kind says the same.
  const serviceLabel = (order: Order) =>
    i18n.language === 'my' ? t(`order.types.${order.product_kind}`, { defaultValue: order.product.service.name }) : order.product.service.name;
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Order | null>(null);
  const { data, error, isLoading } = useOrders(page);
  const columns = ['orderId', 'description', 'category', 'price', 'status', 'date', 'actions'] as const;

  const description = (order: Order) => (
    <>
      <span className="font-semibold">{order.product.name}</span>
      {order.game_name && <span className="block text-xs text-muted">{order.game_name}</span>}
      {order.code && <span className="mt-0.5 block font-mono text-xs break-all text-violet-700 dark:text-violet-300">{order.code}</span>}
      {order.game_uid && (
        <span className="block text-xs text-muted">
          {t('order.gameId')}: {order.game_uid}
          {order.server_id ? ` (${order.server_id})` : ''}
        </span>
      )}
    </>
  );
  const idLink = (order: Order) => (
    <Link
      to={paths.orderDetail(order.id)}
      aria-label={t('orders.openOrder', { id: order.id })}
      className="font-mono text-xs font-bold text-violet-700 underline underline-offset-4 dark:text-violet-300"
    >
      #{order.id}
    </Link>
  );
  const action = (order: Order) => {
    const more = orderAction?.(order);
    if (!order.meta && !more) return <span className="text-muted">—</span>;
    return (
      <div className="flex flex-col items-start gap-2">
        {order.meta && (
          <Button variant="secondary" className="!min-h-9 !px-3 !text-xs" icon={<KeyIcon className="size-4" />} onClick={() => setViewing(order)}>
            {t('orders.viewAccount')}
          </Button>
        )}
        {more}
      </div>
    );
  };

  let body;
  if (isLoading && !data) body = <PageSpinner />;
  else if (error && !data)
    body = (
      <p role="alert" className="rounded-xl bg-rose-50 p-4 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
        {errorText(error)}
      </p>
    );
  else if (!data || data.data.length === 0)
    body = <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-muted dark:border-white/10 dark:text-slate-400">{t('orders.empty')}</p>;
  else
    body = (
      <>
        <div className="hidden overflow-x-auto rounded-2xl border border-slate-200/80 sm:block dark:border-white/10">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs tracking-wide text-muted uppercase dark:bg-white/5 dark:text-slate-400">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2.5 font-semibold">
                    {t(`orders.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-white/5">
              {data.data.map((order) => (
                <tr key={order.id} className="bg-white/70 align-top dark:bg-transparent">
                  <td className="px-3 py-3">{idLink(order)}</td>
                  <td className="max-w-64 px-3 py-3">{description(order)}</td>
                  <td className="px-3 py-3">{serviceLabel(order)}</td>
                  <td className="px-3 py-3 font-semibold whitespace-nowrap tabular-nums">{t('common.kyat', { amount: formatAmount(order.total_price) })}</td>
                  <td className="px-3 py-3">
                    <OrderStatusBadge status={order.payment_status} />
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap">{formatDate(order.created_at, i18n.language)}</td>
                  <td className="px-3 py-3">{action(order)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="flex flex-col gap-3 sm:hidden">
          {data.data.map((order) => (
            <li key={order.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200/80 bg-white/85 p-4 text-sm dark:border-white/10 dark:bg-white/[0.04]">
              <div className="flex items-center justify-between gap-2">
                {idLink(order)}
                <OrderStatusBadge status={order.payment_status} />
              </div>
              <div className="min-w-0">{description(order)}</div>
              <div className="flex items-center justify-between gap-2 text-xs text-muted">
                <span>
                  {serviceLabel(order)} · {formatDate(order.created_at, i18n.language)}
                </span>
                <span className="text-sm font-bold text-slate-900 tabular-nums dark:text-slate-100">{t('common.kyat', { amount: formatAmount(order.total_price) })}</span>
              </div>
              {(order.meta || orderAction) && <div>{action(order)}</div>}
            </li>
          ))}
        </ul>
        {data.last_page > 1 && <Pagination currentPage={data.current_page} lastPage={data.last_page} onChange={setPage} label={t('orders.pages')} />}
      </>
    );

  return (
    <section id={ORDERS_SECTION_ID} aria-labelledby="order-history" className="flex scroll-mt-24 flex-col gap-4">
      <h2 id="order-history" className="text-xl font-bold">
        {t('orders.title')}
      </h2>
      {body}
      <ViewAccountDialog order={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
