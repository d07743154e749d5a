import { useTranslation } from 'react-i18next';

import { useAdminOnline } from '@/features/config/hooks/use-admin-online';

/** "Admin online" (green) or "Admin offline" beside the support links; nothing until known. */
export function AdminOnlineBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const online = useAdminOnline();
  if (online === undefined) return null;
  return (
    <p aria-live="polite" data-testid="admin-online" className={`inline-flex items-center gap-2 text-sm ${className}`}>
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${online ? 'bg-emerald-500 shadow-[0_0_0_3px] shadow-emerald-500/20' : 'bg-slate-400'}`} />
      <span className={online ? 'font-semibold text-emerald-700 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-300'}>
        {online ? t('support.adminOnline') : t('support.adminOffline')}
      </span>
    </p>
  );
}
