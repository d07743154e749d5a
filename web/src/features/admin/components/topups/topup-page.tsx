import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { confirmTopup, rejectTopup, useTopup } from '@/features/admin/api/topups';
import type { CheckName } from '@/features/admin/api/types';
import { useRevalidate } from '@/features/admin/api/keys';
import { Badge, StatusBadge } from '@/features/admin/components/common/badge';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Facts, PageHeader, Panel } from '@/features/admin/components/common/panel';
import { FormError, QueryState } from '@/features/admin/components/common/query-state';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { CustomerHistory } from '@/features/admin/components/topups/customer-history';
import { ChecksList, ReadingNote, VerdictBadge } from '@/features/admin/components/topups/receipt-checks';
import { ReceiptImage } from '@/features/admin/components/topups/receipt-image';
import { useAction } from '@/hooks/use-action';
import { formatAge } from '@/features/admin/utils/format';
import { isApiError } from '@/lib/api-client';
import { scriptLang } from '@/lib/script-lang';

/** The failed checks a 409 checks_not_acknowledged names, or undefined for any other error. */
function notAcknowledged(error: unknown): CheckName[] | undefined {
  if (!isApiError(error) || error.status !== 409 || typeof error.body !== 'object' || error.body === null) return undefined;
  const body = error.body as { code?: string; failed_checks?: CheckName[] };
  return body.code === 'checks_not_acknowledged' ? (body.failed_checks ?? []) : undefined;
}

/**
 * One top-up: receipt, its checks, exact total, customer and history; confirm or reject (with a reason).
 * Confirming follows the checks' verdict: clean confirms in one tap, not read asks once, a failed check
 * asks again naming each failure (sent as overridden_checks), a blocked one can only be rejected.
 */
export function TopupPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const { data, error, isLoading, mutate } = useTopup(id);
  const revalidate = useRevalidate();
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  // The failed checks the second confirmation names; changed: the server found them, not this page.
  const [override, setOverride] = useState<{ checks: CheckName[]; changed: boolean } | null>(null);
  const oneTap = useAction();
  const topup = data?.topup;
  const checks = topup?.checks;
  const done = () => {
    void mutate();
    void revalidate('topups', 'overview', 'users', 'audit');
  };
  // Confirms without overriding; when the server finds failed checks this page did not show, asks about them.
  const attempt = async (id: number) => {
    try {
      await confirmTopup(id);
      return true;
    } catch (error) {
      const failed = notAcknowledged(error);
      if (!failed) throw error;
      setOverride({ checks: failed, changed: true });
      void mutate();
      return false;
    }
  };
  const onConfirm = () => {
    if (!topup) return;
    if (checks?.verdict === 'clean') {
      void oneTap.run(async () => {
        if (await attempt(topup.id)) done();
      });
      return;
    }
    setDialog('confirm');
  };
  const flagged = checks?.verdict === 'flagged';

  return (
    <>
      <PageHeader
        title={t('admin.topups.detailTitle', { id })}
        actions={
          <Link className="text-sm font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/topups`}>
            {t('admin.topups.back')}
          </Link>
        }
      />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()}>
        {data && topup && (
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <Panel title={t('admin.topups.receipt')} className="self-start xl:sticky xl:top-24">
              <ReceiptImage path={data.receipt.url} deleted={data.receipt.deleted} />
            </Panel>
            <div className="flex min-w-0 flex-col gap-4">
              {data.duplicate_receipt && (
                <div role="alert" className="rounded-2xl border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-500/40 dark:bg-rose-500/10 dark:text-rose-100">
                  <p className="font-bold">{t('admin.topups.duplicate')}</p>
                  <ul className="mt-2 list-disc pl-5">
                    {data.duplicates.map((dup) => (
                      <li key={dup.upload_id}>
                        {t('admin.topups.duplicateItem', { user: dup.username, id: dup.topup_id ?? '—', status: dup.topup_status ? t(`admin.status.${dup.topup_status}`) : '—' })}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {checks && (
                <Panel title={t('admin.checks.title')} actions={<VerdictBadge checks={checks} />}>
                  <ReadingNote checks={checks} />
                  <ChecksList checks={checks} />
                  {checks.verdict === 'blocked' && topup.status === 'pending' && (
                    <p role="alert" className="mt-3 rounded-xl bg-rose-50 p-3 text-sm font-semibold text-rose-800 dark:bg-rose-500/10 dark:text-rose-200">
                      {t('admin.checks.blocked', { method: topup.payment_method })}
                    </p>
                  )}
                </Panel>
              )}
              <Panel title={t('admin.topups.transfer')} actions={<StatusBadge status={topup.status} />}>
                <div className="mb-4 rounded-xl bg-gold-100 p-3 text-center text-ink-900 dark:bg-gold-500/15 dark:text-gold-100">
                  <p className="text-xs font-semibold uppercase">{t('admin.topups.exactTotal')}</p>
                  <Kyat value={topup.total} className="text-3xl font-bold" />
                </div>
                <Facts
                  items={[
                    [t('admin.topups.amount'), <Kyat key="a" value={topup.amount} />],
                    [t('admin.topups.verification'), <Kyat key="v" value={topup.verification_amount} />],
                    [t('admin.topups.method'), topup.payment_method],
                    [t('admin.topups.created'), <YangonTime key="c" value={topup.created_at} />],
                    [
                      t('admin.topups.age'),
                      <span key="age" className="flex flex-wrap items-center gap-2">
                        {formatAge(topup.age_seconds, i18n.language)}
                        {topup.overdue && <Badge tone="bad">{t('admin.topups.overdue')}</Badge>}
                      </span>,
                    ],
                    ...(topup.decided_at
                      ? ([
                          [t('admin.topups.decided'), <span key="d"><YangonTime value={topup.decided_at} /> · {topup.decided_by_name ?? '—'}</span>],
                        ] as [string, ReactNode][])
                      : []),
                    // The admin's own words, shown as typed: not the store's to translate.
                    ...(topup.reject_reason ? ([[t('admin.topups.rejectReason'), <span key="r" translate="no" lang={scriptLang(topup.reject_reason)}>{topup.reject_reason}</span>]] as [string, ReactNode][]) : []),
                  ]}
                />
                {topup.status === 'pending' && (
                  <>
                    {checks?.verdict === 'clean' && <p className="mt-4 text-sm text-emerald-800 dark:text-emerald-200">{t('admin.checks.oneTap')}</p>}
                    <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                      {checks?.verdict !== 'blocked' && (
                        <Button className="flex-1" loading={oneTap.pending} onClick={onConfirm}>
                          {t('admin.topups.confirm')}
                        </Button>
                      )}
                      <Button className="flex-1" variant="danger" onClick={() => setDialog('reject')}>
                        {t('admin.topups.reject')}
                      </Button>
                    </div>
                    <div className="mt-2">
                      <FormError error={oneTap.error} />
                    </div>
                  </>
                )}
              </Panel>
              <CustomerHistory detail={data} />
            </div>
          </div>
        )}
      </QueryState>
      {topup && (
        <>
          <ConfirmDialog
            open={dialog === 'confirm'}
            onClose={() => setDialog(null)}
            title={t('admin.topups.confirmTitle', { id: topup.id })}
            confirmLabel={flagged ? t('admin.checks.continue') : t('admin.topups.confirm')}
            onConfirm={async () => {
              if (flagged && checks) setOverride({ checks: checks.failed, changed: false });
              else await attempt(topup.id);
            }}
            onDone={flagged ? undefined : done}
          >
            <p>{t('admin.topups.confirmBody', { user: topup.user.username, method: topup.payment_method })}</p>
            <Kyat value={topup.total} className="text-xl font-bold" />
            {flagged && checks && <p className="font-semibold text-rose-700 dark:text-rose-300">{t('admin.checks.flaggedNote', { count: checks.failed.length })}</p>}
          </ConfirmDialog>
          <ConfirmDialog
            open={override !== null}
            onClose={() => setOverride(null)}
            title={t('admin.checks.overrideTitle', { id: topup.id })}
            confirmLabel={t('admin.checks.overrideConfirm')}
            danger
            onConfirm={() => confirmTopup(topup.id, override?.checks ?? [])}
            onDone={done}
          >
            {override?.changed && <p className="font-semibold">{t('admin.checks.changed')}</p>}
            <p>{t('admin.checks.overrideBody')}</p>
            {checks && override && <ChecksList checks={checks} only={override.checks} />}
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'reject'}
            onClose={() => setDialog(null)}
            title={t('admin.topups.rejectTitle', { id: topup.id })}
            confirmLabel={t('admin.topups.reject')}
            danger
            reason="required"
            reasonLabel={t('admin.topups.rejectReasonLabel')}
            onConfirm={(reason) => rejectTopup(topup.id, reason)}
            onDone={done}
          >
            <p>{t('admin.topups.rejectBody')}</p>
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
