import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SettingsCard } from '@/features/account/components/settings-card';
import { usePushNotifications } from '@/features/account/hooks/use-push-notifications';

/** "Notifications on this phone": Web Push for this device only (see usePushNotifications). Hidden when the server has push off. */
export function PushNotifications({ publicKey }: { publicKey: string | undefined }) {
  const { t } = useTranslation();
  const noteId = useId();
  const labelId = useId();
  const { state, error, busy, turnOn, turnOff } = usePushNotifications(publicKey);
  if (state === 'hidden') return null;
  const on = state === 'on';
  const usable = state === 'on' || state === 'off';
  const note = state === 'unsupported' ? t('account.push.unsupported') : state === 'denied' ? t('account.push.denied') : null;
  return (
    <SettingsCard id="account-push" title={t('account.push.title')} description={t('account.push.description')}>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={note ? noteId : undefined}
        disabled={!usable || busy}
        onClick={() => void (on ? turnOff() : turnOn())}
        className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 px-4 py-3 text-left text-sm font-semibold disabled:opacity-60 dark:border-white/10"
      >
        <span id={labelId}>{t('account.push.toggle')}</span>
        <span className="flex items-center gap-2">
          <span className="text-slate-600 dark:text-slate-300">{on ? t('account.push.on') : t('account.push.off')}</span>
          <span
            aria-hidden="true"
            className={`relative inline-block h-6 w-11 rounded-full transition-colors ${on ? 'bg-violet-600' : 'bg-slate-300 dark:bg-white/20'}`}
          >
            <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? 'left-[1.375rem]' : 'left-0.5'}`} />
          </span>
        </span>
      </button>
      {note && (
        <p id={noteId} className="text-sm text-slate-600 dark:text-slate-300">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-700 dark:bg-rose-500/10 dark:text-rose-300">
          {error === 'subscribe' ? t('account.push.error') : t('account.push.offError')}
        </p>
      )}
    </SettingsCard>
  );
}
