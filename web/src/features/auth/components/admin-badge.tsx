import { useTranslation } from 'react-i18next';

import { ShieldIcon } from '@/components/ui/icons';

/** docs/spec.md §2 'Admin Access Detected' badge on the login and register forms. */
export function AdminBadge() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="animate-fade-in inline-flex items-center gap-2 self-center rounded-full border border-gold-400/60 bg-gold-100 px-3 py-1 text-xs font-bold text-gold-700 dark:border-gold-400/30 dark:bg-gold-400/10 dark:text-gold-300"
    >
      <ShieldIcon className="size-4" />
      {t('auth.adminDetected')}
    </p>
  );
}
