import { useTranslation } from 'react-i18next';

import { formatAmount } from '@/lib/format';
import type { SessionUser } from '@/types/session';

/** docs/spec.md §2 Profile Information: username and phone number (and the wallet). */
export function ProfileInfo({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('auth.fields.username'), user.username],
    [t('auth.fields.phone'), user.phone_number],
  ];
  if (user.email) rows.push([t('profile.email'), user.email]);
  rows.push([t('balance.label'), t('common.kyat', { amount: formatAmount(user.wallet_amount) })]);
  return (
    <section aria-labelledby="profile-info" className="flex flex-col gap-3 rounded-3xl border border-slate-200/80 bg-white/85 p-5 shadow-sm dark:border-white/10 dark:bg-white/[0.04]">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" translate="no" className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-600 to-indigo-600 text-lg font-black text-white uppercase">
          {user.username.slice(0, 1)}
        </span>
        <h2 id="profile-info" className="text-lg font-bold">
          {t('profile.info')}
        </h2>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 truncate text-right font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
