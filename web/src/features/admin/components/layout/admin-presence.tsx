import { useTranslation } from 'react-i18next';

import { useRevalidate } from '@/features/admin/api/keys';
import { setAdminOnline, useAdminOnline } from '@/features/admin/api/settings';
import { Switch } from '@/components/ui/fields';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';

/** The admin-online switch (what customers see) and who is on the dashboard now (presence-admins). */
export function AdminPresence({ admins }: { admins: string[] | null }) {
  const { t } = useTranslation();
  const { data } = useAdminOnline();
  const revalidate = useRevalidate();
  const { run, pending, error } = useAction();
  const online = data?.admin_online ?? false;
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white/80 p-3 text-sm dark:border-white/10 dark:bg-white/5">
      <Switch
        label={t('admin.presence.switch')}
        checked={online}
        disabled={!data || pending}
        onChange={(next) => void run(async () => {
          await setAdminOnline(next);
          await revalidate('online', 'audit');
        })}
      />
      <FormError error={error} />
      <div aria-live="polite">
        <p className="text-xs font-semibold text-muted uppercase dark:text-slate-400">{t('admin.presence.title')}</p>
        {admins === null ? (
          <p className="text-muted">{t('admin.presence.offline')}</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t('admin.presence.title')}>
            {admins.map((name) => (
              <li key={name} className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200">
                <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                {name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
