import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { CheckName, CheckResult, CheckVerdict, EarlierTopup, TopupChecks } from '@/features/admin/api/types';
import { Badge, type Tone } from '@/features/admin/components/common/badge';
import { Kyat } from '@/features/admin/components/common/kyat';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { formatYangon } from '@/features/admin/utils/format';
import { formatAmount } from '@/lib/format';

// The receipt checks beside a top-up (docs/receipt-checks.md): each one is
// a symbol and a word, never a colour alone, and its accessible name says
// the result ("Amount: failed").

const checkNames: CheckName[] = ['amount', 'transaction_id', 'duplicate_image', 'receipt_date'];

const symbols: Record<CheckResult, string> = { pass: '✔', fail: '✘', not_read: '–' };
const resultClass: Record<CheckResult, string> = {
  pass: 'text-emerald-700 dark:text-emerald-300',
  fail: 'text-rose-700 dark:text-rose-300',
  not_read: 'text-slate-600 dark:text-slate-300',
};
const verdictTones: Record<CheckVerdict, Tone> = { clean: 'good', not_read: 'neutral', flagged: 'bad', blocked: 'bad' };

function useCheckLabel() {
  const { t } = useTranslation();
  return (name: CheckName, result: CheckResult) => t('admin.checks.item', { name: t(`admin.checks.names.${name}`), result: t(`admin.checks.results.${result}`) });
}

/** The verdict in one badge: all passed, not all read, failed, or only reject. */
export function VerdictBadge({ checks }: { checks: TopupChecks }) {
  const { t } = useTranslation();
  return <Badge tone={verdictTones[checks.verdict]}>{t(`admin.checks.verdict.${checks.verdict}`)}</Badge>;
}

/** The four checks in one line, for the queue's cards. */
export function CheckSummary({ checks }: { checks: TopupChecks }) {
  const { t } = useTranslation();
  const label = useCheckLabel();
  return (
    <ul aria-label={t('admin.checks.listLabel')} className="flex flex-wrap gap-x-3 gap-y-1 text-xs font-semibold">
      {checkNames.map((name) => {
        const result = checks[name].result;
        return (
          <li key={name} aria-label={label(name, result)} className={`flex items-center gap-1 ${resultClass[result]}`}>
            <span aria-hidden="true">{symbols[result]}</span>
            {t(`admin.checks.names.${name}`)}
            {name === 'amount' && result === 'fail' && checks.amount.read !== null && <Kyat value={checks.amount.read} />}
            <span className="sr-only">: {t(`admin.checks.results.${result}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function EarlierLinks({ list, withDistance }: { list: EarlierTopup[]; withDistance?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {list.map((earlier) => (
        <li key={earlier.topup_id}>
          <Link className="font-semibold text-violet-700 underline dark:text-violet-300" to={`${adminBase}/topups/${earlier.topup_id}`}>
            {t('admin.checks.earlier', { id: earlier.topup_id, user: earlier.username, status: t(`admin.status.${earlier.status}`) })}
          </Link>
          {withDistance && earlier.distance !== undefined && <span> · {t('admin.checks.distance', { distance: earlier.distance.toFixed(2) })}</span>}
        </li>
      ))}
    </ul>
  );
}

/** What a check read and compared, with links to the earlier top-ups. */
export function CheckDetail({ name, checks }: { name: CheckName; checks: TopupChecks }) {
  const { t, i18n } = useTranslation();
  const kyat = (value: number) => t('balance.amount', { amount: formatAmount(value) });
  switch (name) {
    case 'amount': {
      const expected = kyat(checks.amount.expected);
      return <span>{checks.amount.read === null ? t('admin.checks.amountNone', { expected }) : t('admin.checks.amountRead', { read: kyat(checks.amount.read), expected })}</span>;
    }
    case 'transaction_id': {
      const tx = checks.transaction_id;
      return (
        <span>
          {tx.read ? t('admin.checks.txRead', { id: tx.read }) : t('admin.checks.txNone')}
          {tx.earlier.length > 0 && (
            <>
              <span className="block">{t('admin.checks.alsoOn')}</span>
              <EarlierLinks list={tx.earlier} />
            </>
          )}
        </span>
      );
    }
    case 'duplicate_image': {
      const image = checks.duplicate_image;
      if (image.earlier.length > 0)
        return (
          <span>
            {t('admin.checks.nearOf')}
            <EarlierLinks list={image.earlier} withDistance />
          </span>
        );
      return <span>{image.result === 'pass' ? t('admin.checks.imageNone') : t('admin.checks.imageNotRead')}</span>;
    }
    case 'receipt_date': {
      const date = checks.receipt_date;
      if (!date.read) return <span>{t('admin.checks.dateNone')}</span>;
      return <span>{t('admin.checks.dateRead', { date: formatYangon(date.read, i18n.language), quoted: formatYangon(date.quoted_at, i18n.language) })}</span>;
    }
  }
}

/** The checks of one top-up, each with what was read: the top-up page's panel. */
export function ChecksList({ checks, only }: { checks: TopupChecks; only?: CheckName[] }) {
  const { t } = useTranslation();
  const label = useCheckLabel();
  return (
    <ul aria-label={t('admin.checks.listLabel')} className="flex flex-col gap-3">
      {(only ?? checkNames).map((name) => {
        const result = checks[name].result;
        return (
          <li key={name} aria-label={label(name, result)} className="flex gap-3 text-sm">
            <span aria-hidden="true" className={`w-5 shrink-0 text-center text-lg leading-5 font-bold ${resultClass[result]}`}>
              {symbols[result]}
            </span>
            <div className="min-w-0 break-words">
              <p className="font-semibold">
                {t(`admin.checks.names.${name}`)}
                <span className={`ml-2 text-xs ${resultClass[result]}`}>{t(`admin.checks.results.${result}`)}</span>
              </p>
              <div className="text-slate-600 dark:text-slate-300">
                <CheckDetail name={name} checks={checks} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Why some checks say not read: the reading is pending, unavailable or failed. */
export function ReadingNote({ checks }: { checks: TopupChecks }): ReactNode {
  const { t } = useTranslation();
  if (checks.reading === 'read') return null;
  return (
    <p role="status" className="mb-3 rounded-xl bg-slate-100 p-3 text-sm text-slate-700 dark:bg-white/10 dark:text-slate-200">
      {t(`admin.checks.reading.${checks.reading}`)}
    </p>
  );
}
