import { useTranslation } from 'react-i18next';

import { WifiOffIcon } from '@/components/ui/icons';
import type { ConnectionState } from '@/lib/echo';

const troubled: ConnectionState[] = ['unavailable', 'failed', 'disconnected'];

/** Tells the signed-in user when live updates (balance, messages) are not arriving. */
export function ConnectionIndicator({ state }: { state: ConnectionState | null }) {
  const { t } = useTranslation();
  const shown = state !== null && troubled.includes(state);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-3 z-30 flex justify-center px-3">
      {shown && (
        <p className="animate-fade-in pointer-events-auto inline-flex max-w-full items-center gap-2 rounded-full border border-amber-300/70 bg-amber-50/95 px-4 py-2 text-xs font-semibold text-amber-800 shadow-lg backdrop-blur dark:border-amber-400/30 dark:bg-amber-950/90 dark:text-amber-200">
          <WifiOffIcon className="size-4 shrink-0" />
          <span>{state === 'failed' ? t('realtime.failed') : t('realtime.unavailable')}</span>
        </p>
      )}
    </div>
  );
}
