import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { ErrorIcon, ReceiptIcon } from '@/components/ui/icons';
import { CredentialsView } from '@/features/orders/components/credentials-view';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { OrderStatusBadge } from '@/features/orders/components/status-badge';
import { formatAmount } from '@/lib/format';
import { formatYangonDateTime } from '@/lib/time';
import type { OrderDetail as OrderDetailData } from '@/types/api';
import { scriptLang } from '@/lib/script-lang';

type OrderDetailProps = {
  detail: OrderDetailData;
  storeName: string;
  /** Actions composed by the route (write a review, request a refund); left out of the printed receipt. */
  actions?: ReactNode;
};

/**
 * /orders/{id}: the order's status and timeline, why it failed, the game ids,
 * the amounts, and what was delivered with copy buttons. Printing it gives a
 * receipt: the store name, the order id and the amounts, nothing secret.
 */
export function OrderDetail({ detail, storeName, actions }: OrderDetailProps) {
  const { t, i18n } = useTranslation();
  const { order } = detail;
  const kyat = (amount: number) => t('common.kyat', { amount: formatAmount(amount) });
  const rows: [string, string][] = [[t('orderDetail.product'), order.game_name ? `${order.product.name} · ${order.game_name}` : order.product.name]];
  if (order.game_uid) rows.push([t('order.gameId'), order.game_uid]);
  if (order.server_id) rows.push([t('order.serverId'), order.server_id]);
  rows.push([t('orderDetail.date'), formatYangonDateTime(order.created_at, i18n.language)]);

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-5 print:max-w-none print:gap-3" aria-labelledby="order-detail-title">
      <header className="flex flex-col gap-2">
        <p className="hidden text-lg font-extrabold print:block">{storeName}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="order-detail-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {t('order.orderNumber', { id: order.id })}
          </h1>
          <OrderStatusBadge status={order.payment_status} />
        </div>
      </header>

      {order.payment_status === 'failed' && order.fail_reason && (
        <div role="alert" className="flex gap-2 rounded-2xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800 dark:border-rose-500/30 dark:bg-rose-950/40 dark:text-rose-200">
          <ErrorIcon className="mt-0.5 size-4 shrink-0" />
          <p>
            <span className="font-bold">{t('orderDetail.failReason')}</span> <span lang={scriptLang(order.fail_reason)}>{order.fail_reason}</span>
            <span className="block text-rose-700 dark:text-rose-300">{t('orderDetail.returned', { amount: kyat(order.total_price) })}</span>
          </p>
        </div>
      )}

      <section aria-labelledby="order-receipt" className="flex flex-col gap-4 rounded-3xl border border-slate-200/80 bg-white/90 p-4 shadow-xl shadow-violet-900/5 sm:p-6 dark:border-white/10 dark:bg-ink-900/80 print:border-0 print:p-0 print:shadow-none">
        <h2 id="order-receipt" className="flex items-center gap-2 text-lg font-bold">
          <ReceiptIcon className="size-5 print:hidden" />
          {t('orderDetail.receipt')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 text-right font-semibold break-all">{value}</dd>
            </div>
          ))}
          <dt className="text-muted">{t('order.price')}</dt>
          <dd className="text-right font-semibold tabular-nums">{kyat(order.price)}</dd>
          <dt className="text-muted">{t('order.serviceCharge')}</dt>
          <dd className="text-right font-semibold tabular-nums">{kyat(order.service_charge)}</dd>
          <div aria-hidden="true" className="col-span-2 my-1 border-t border-slate-200 dark:border-white/10" />
          <dt className="font-bold">{t('order.total')}</dt>
          <dd className="text-right text-lg font-extrabold text-violet-700 tabular-nums dark:text-gold-300 print:text-black">{kyat(order.total_price)}</dd>
        </dl>
      </section>

      <section aria-labelledby="order-timeline" className="flex flex-col gap-3 rounded-3xl border border-slate-200/80 bg-white/90 p-4 sm:p-6 dark:border-white/10 dark:bg-ink-900/80 print:border-0 print:p-0">
        <h2 id="order-timeline" className="text-lg font-bold">
          {t('orderDetail.timeline')}
        </h2>
        <OrderTimeline steps={detail.timeline} />
      </section>

      {(order.code || order.meta) && (
        // What was delivered is for the owner's screen, never for a printout.
        <section aria-labelledby="order-delivered" className="flex flex-col gap-3 rounded-3xl border border-emerald-200 bg-white/90 p-4 sm:p-6 dark:border-emerald-500/20 dark:bg-ink-900/80 print:hidden">
          <h2 id="order-delivered" className="text-lg font-bold">
            {t('orderDetail.delivered')}
          </h2>
          {order.code && <CopyField value={order.code} label={t('order.yourCode')} mono className="w-full" />}
          {order.meta && <CredentialsView credentials={order.meta} />}
        </section>
      )}

      <div className="flex flex-col gap-3 print:hidden">
        {actions}
        <Button variant="secondary" icon={<ReceiptIcon className="size-5" />} onClick={() => window.print()}>
          {t('orderDetail.print')}
        </Button>
      </div>
    </article>
  );
}
