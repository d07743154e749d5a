import { useTranslation } from 'react-i18next';

import { useOnline } from '@/features/pwa/hooks/use-online';
import { formatAmount } from '@/lib/format';
import { lastBalance } from '@/lib/last-balance';

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'my' ? 'my' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Shown while the phone has no network: the pages opened before still work
 * from the service worker's cache, and the balance is the last one the app
 * received, said to be possibly out of date (lib/last-balance.ts).
 */
export function OfflineNotice({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  if (online) return null;
  const balance = signedIn ? lastBalance() : null;
  return (
    <section
      aria-labelledby="offline-title"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      <h2 id="offline-title" className="font-bold">
        {t('pwa.offline.title')}
      </h2>
      {balance && (
        <p>
          {t('pwa.offline.balance', { amount: t('balance.amount', { amount: formatAmount(balance.amount) }) })}{' '}
          <span className="font-semibold">{t('pwa.offline.stale', { time: formatTime(balance.at, i18n.language) })}</span>
        </p>
      )}
      <p>{t('pwa.offline.hint')}</p>
    </section>
  );
}
