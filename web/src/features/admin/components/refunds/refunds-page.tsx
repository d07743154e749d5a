import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { useRefunds, type AdminRefund, type RefundStatus } from '@/features/admin/api/refunds';
import { Badge, StatusBadge } from '@/features/admin/components/common/badge';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Pager } from '@/features/admin/components/common/pager';
import { PageHeader } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Segmented } from '@/features/admin/components/common/segmented';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { RefundActions } from '@/features/admin/components/refunds/refund-actions';
import { ReceiptImage } from '@/features/admin/components/topups/receipt-image';
import { useFilterParams } from '@/features/admin/hooks/use-filter-params';
import { scriptLang } from '@/lib/script-lang';

const views = ['requested', 'approved', 'denied', 'all'] as const;
type View = (typeof views)[number];

/** What the order delivered, as far as an admin needs it to judge the request (never the code or login itself). */
function Delivery({ refund }: { refund: AdminRefund }) {
  const { t } = useTranslation();
  const { order } = refund;
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm dark:bg-white/5">
      <div className="min-w-0">
        <dt className="text-xs font-semibold text-muted uppercase">{t('admin.refunds.orderStatus')}</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-semibold text-muted uppercase">{t('admin.refunds.delivered')}</dt>
        <dd>
          <YangonTime value={order.completed_at} />
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-semibold text-muted uppercase">{t('admin.refunds.kind')}</dt>
        <dd>{t(`admin.kinds.${order.product_kind}`)}</dd>
      </div>
      {order.product_kind === 'coin' ? (
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted uppercase">{t('admin.orders.gameId')}</dt>
          <dd className="font-mono break-all">
            {order.game_uid || '—'}
            {order.server_id ? ` (${order.server_id})` : ''}
          </dd>
        </div>
      ) : (
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted uppercase">{t('admin.refunds.code')}</dt>
          <dd>{refund.restockable ? t('admin.refunds.codeHeld') : refund.restocked ? t('admin.refunds.codeRestocked') : '—'}</dd>
        </div>
      )}
    </dl>
  );
}

function RefundCard({ refund }: { refund: AdminRefund }) {
  const { t } = useTranslation();
  const [showShot, setShowShot] = useState(false);
  const { history } = refund;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white/80 p-4 shadow-sm dark:border-white/10 dark:bg-white/5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`${adminBase}/orders/${refund.order_id}`} className="font-bold text-violet-700 dark:text-violet-300">
            #{refund.order_id} · {refund.order.product_name}
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {refund.order.game_name} · {t(`admin.refunds.ground.${refund.ground === 'not_working' ? 'notWorking' : 'undelivered'}`)}
          </p>
        </div>
        <Badge tone={refund.status === 'requested' ? 'warn' : refund.status === 'approved' ? 'good' : 'bad'}>{t(`admin.refunds.status.${refund.status}`)}</Badge>
      </div>
      <blockquote className="rounded-xl border-l-4 border-violet-400 bg-violet-50/60 px-3 py-2 text-sm break-words whitespace-pre-wrap dark:bg-violet-500/10" translate="no" lang={scriptLang(refund.reason)}>{refund.reason}</blockquote>
      {refund.screenshot_url && (
        <div>
          <Button variant="secondary" className="!min-h-9 !px-3 !text-xs" aria-expanded={showShot} onClick={() => setShowShot((open) => !open)}>
            {showShot ? t('admin.refunds.hideScreenshot') : t('admin.refunds.showScreenshot')}
          </Button>
          {showShot && (
            <div className="mt-2">
              <ReceiptImage path={refund.screenshot_url} deleted={false} />
            </div>
          )}
        </div>
      )}
      <Delivery refund={refund} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
        <Link to={`${adminBase}/users/${refund.user_id}`} className="min-w-0 truncate font-semibold text-violet-700 dark:text-violet-300">
          {refund.user.username} · {refund.user.phone_number}
        </Link>
        <Kyat value={refund.amount} className="font-semibold text-slate-900 dark:text-slate-100" />
      </div>
      <p className="text-xs text-muted">
        {t('admin.refunds.history', {
          orders: history.orders,
          approved: history.refunds_approved,
          denied: history.refunds_denied,
          open: history.refunds_open,
        })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>
          {t('admin.refunds.asked')} <YangonTime value={refund.created_at} />
        </span>
        {refund.decided_at && (
          <span>
            {t('admin.refunds.decidedBy', { name: refund.decided_by_name ?? '—' })} <YangonTime value={refund.decided_at} />
          </span>
        )}
      </div>
      {refund.decision_reason && <p lang={scriptLang(refund.decision_reason)} className="text-sm break-words text-slate-700 dark:text-slate-200">{refund.decision_reason}</p>}
      {refund.restocked && <Badge tone="info">{t('admin.refunds.codeRestocked')}</Badge>}
      <RefundActions refund={refund} />
    </li>
  );
}

/** The refund queue (docs/spec.md §1): requests with their order, its delivery and the customer's history. */
export function RefundsPage() {
  const { t } = useTranslation();
  const { params, update } = useFilterParams();
  const view: View = (views as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as View) : 'requested';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status: RefundStatus | '' = view === 'all' ? '' : view;
  const { data, error, isLoading, mutate } = useRefunds(status, page);
  return (
    <>
      <PageHeader title={t('admin.refunds.title')} subtitle={t('admin.refunds.subtitle')} />
      <Segmented
        label={t('admin.refunds.view')}
        value={view}
        options={views.map((value) => ({ value, label: value === 'all' ? t('admin.common.all') : t(`admin.refunds.status.${value}`) }))}
        onChange={(value) => update({ status: value, page: '1' })}
      />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()} empty={data?.data.length === 0} emptyText={t('admin.refunds.empty')}>
        <ul className="mt-4 grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label={t('admin.refunds.title')}>
          {data?.data.map((refund) => <RefundCard key={refund.id} refund={refund} />)}
        </ul>
        {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={(next) => update({ page: String(next) })} />}
      </QueryState>
    </>
  );
}
