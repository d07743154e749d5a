import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { LogoutIcon, MessageIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/auth';
import { hardRedirect } from '@/lib/navigation';
import { clearSession } from '@/lib/session';
import { scriptLang } from '@/lib/script-lang';

/** docs/spec.md §2 Banned page: BANNED banner, the reason, a support link and Logout. */
export function BannedNotice({ reason, supportUrl }: { reason?: string | null; supportUrl?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      console.warn('Logout from the banned page failed; clearing the session anyway', error);
    }
    clearSession();
    hardRedirect(paths.login);
  };
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 py-6 text-center sm:py-14">
      <p className="rounded-2xl bg-gradient-to-r from-rose-600 to-red-600 px-8 py-3 text-3xl font-black tracking-[0.3em] text-white shadow-xl shadow-rose-600/30">
        {t('banned.banner')}
      </p>
      <h1 className="text-2xl font-bold">{t('banned.heading')}</h1>
      <div className="w-full rounded-2xl border border-rose-200 bg-rose-50/80 p-4 text-left dark:border-rose-500/20 dark:bg-rose-500/10">
        <p className="text-xs font-semibold tracking-wide text-rose-700 uppercase dark:text-rose-300">{t('banned.reasonLabel')}</p>
        <p lang={scriptLang(reason)} className="mt-1 text-base font-medium text-slate-800 dark:text-slate-100">{reason?.trim() || t('banned.defaultReason')}</p>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('banned.body')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {supportUrl && (
          <a
            href={supportUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-slate-200 bg-white/80 px-5 text-sm font-semibold text-slate-800 hover:border-violet-300 hover:text-violet-700 dark:border-white/10 dark:bg-white/5 dark:text-slate-100"
          >
            <MessageIcon className="size-5" />
            {t('banned.support')}
          </a>
        )}
        <Button variant="danger" loading={busy} icon={<LogoutIcon className="size-5" />} onClick={() => void leave()}>
          {busy ? t('logout.loggingOut') : t('banned.logout')}
        </Button>
      </div>
    </section>
  );
}
