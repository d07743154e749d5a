import { useTranslation } from 'react-i18next';

import { CopyField } from '@/components/ui/copy-field';
import { AlertIcon } from '@/components/ui/icons';
import type { Credentials } from '@/types/api';

/** An account's e-mail, e-mail password and game password, each click-to-copy, with the warnings. */
export function CredentialsView({ credentials }: { credentials: Credentials }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('order.credentials.email'), value: credentials.email },
    { label: t('order.credentials.emailPassword'), value: credentials.email_password },
    { label: t('order.credentials.gamePassword'), value: credentials.game_password },
  ];
  return (
    <div className="flex flex-col gap-3 text-left">
      <dl className="flex flex-col gap-3">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-col gap-1">
            <dt className="text-xs font-semibold text-muted">{row.label}</dt>
            <dd className="min-w-0">
              <CopyField value={row.value} label={row.label} mono className="w-full" />
            </dd>
          </div>
        ))}
      </dl>
      <ul className="flex flex-col gap-2 rounded-xl border border-amber-300/70 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-100">
        {(['changePasswords', 'keepSecret', 'screenshot'] as const).map((key) => (
          <li key={key} className="flex gap-2">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{t(`order.credentials.warnings.${key}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
