import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { CheckCircleIcon, CloseIcon } from '@/components/ui/icons';
import { formatAmount } from '@/lib/format';
import type { Topup } from '@/types/api';

/** How long the notice stays: long enough to read, short enough not to cover the page. */
const SHOW_MS = 8000;

/** "+10,300 Ks added to your wallet", when an admin confirms a top-up while the app is open. */
export function CreditNotice({ topup, onDone }: { topup: Topup | null; onDone: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!topup) return;
    const timer = window.setTimeout(onDone, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [topup, onDone]);
  if (!topup) return null;
  return (
    <div
      role="status"
      data-testid="credit-notice"
      className="fixed inset-x-3 bottom-4 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-emerald-200 bg-white p-3 text-sm shadow-xl dark:border-emerald-500/30 dark:bg-ink-900"
    >
      <CheckCircleIcon className="size-6 shrink-0 text-emerald-600 dark:text-emerald-300" />
      <p className="min-w-0 flex-1 font-semibold text-slate-900 dark:text-slate-50">{t('topup.credited', { amount: formatAmount(topup.total), id: topup.id })}</p>
      <button type="button" onClick={onDone} aria-label={t('dialog.close')} className="rounded-lg p-1 text-muted hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100">
        <CloseIcon className="size-5" />
      </button>
    </div>
  );
}
