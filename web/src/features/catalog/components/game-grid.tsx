import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { useGames } from '@/features/catalog/api/games';
import { GameTile } from '@/features/catalog/components/game-tile';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-6';

/** docs/spec.md §2 Home grid (2/3/4/6 columns) with its loading, error and empty states; `service` (a slug) shows that service's games only. */
export function GameGrid({ service = '' }: { service?: string }) {
  const { t } = useTranslation();
  const { data: all, error, isLoading, mutate } = useGames();
  const data = service ? all?.filter((game) => game.service.slug === service) : all;
  if (isLoading && !all) {
    return (
      <div className={grid} role="status" aria-label={t('app.loading')}>
        {Array.from({ length: 12 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-2xl border border-slate-200/80 bg-white/60 p-3 dark:border-white/5 dark:bg-white/[0.03]">
            <div className="aspect-square animate-pulse rounded-xl bg-gradient-to-br from-violet-100 to-sky-100 dark:from-violet-500/10 dark:to-blue-500/10" />
            <div className="h-3 w-3/4 animate-pulse rounded-full bg-slate-200 dark:bg-white/10" />
          </div>
        ))}
      </div>
    );
  }
  if (error && !all) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50/80 p-6 text-center text-rose-800 dark:border-rose-500/30 dark:bg-rose-950/40 dark:text-rose-200">
        <AlertIcon className="size-7" />
        <p className="font-semibold">{t('home.error')}</p>
        <Button variant="secondary" onClick={() => void mutate()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!data || data.length === 0) {
    return <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-muted dark:border-white/10 dark:text-slate-400">{t('home.empty')}</p>;
  }
  return (
    <ul className={grid}>
      {data.map((game) => (
        <li key={game.id} className="min-w-0">
          <GameTile game={game} />
        </li>
      ))}
    </ul>
  );
}
