import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { applyUpdate, subscribeUpdate, waitingWorker } from '@/lib/service-worker';

/**
 * "A new version is available — reload": a newer build's service worker is
 * installed and waits (lib/service-worker.ts). Reloading lets it take over
 * and reloads the page once; until then the page keeps its own build.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const worker = useSyncExternalStore(subscribeUpdate, waitingWorker);
  if (!worker) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-violet-200 bg-white px-4 py-3 text-sm shadow-lg dark:border-white/10 dark:bg-ink-800"
    >
      <p className="flex-1 font-medium">{t('pwa.update.message')}</p>
      <button
        type="button"
        onClick={applyUpdate}
        className="shrink-0 rounded-full bg-violet-700 px-4 py-2 font-semibold text-white hover:bg-violet-800 dark:bg-violet-500 dark:text-ink-950 dark:hover:bg-violet-400"
      >
        {t('pwa.update.reload')}
      </button>
    </div>
  );
}
