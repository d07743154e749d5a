import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FlameIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import type { Game } from '@/types/api';
import { localName } from '@/lib/localize';
import { scrollToTop } from '@/lib/navigation';
import { saveSelectedService, serviceSegment } from '@/lib/selected-service';

/** A game on the home grid: remembers the choice (docs/spec.md §3), scrolls to top and opens its product list. */
export function GameTile({ game }: { game: Game }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const name = localName(game, i18n.language);
  const to = paths.detail(serviceSegment(game.service.name), game.slug);
  return (
    <a
      href={to}
      onClick={(event) => {
        event.preventDefault();
        saveSelectedService({
          gameId: game.id,
          gameName: game.name,
          serviceId: game.service_id,
          serviceName: game.service.name,
          description: game.description,
          slug: game.slug,
        });
        scrollToTop();
        void navigate(to);
      }}
      className="group relative flex flex-col gap-2 rounded-2xl border border-slate-200/80 bg-white/80 p-2.5 shadow-sm transition hover:-translate-y-0.5 hover:border-violet-300 hover:shadow-lg hover:shadow-violet-500/10 sm:p-3 dark:border-white/10 dark:bg-white/[0.04] dark:hover:border-violet-400/40"
    >
      <div className="relative aspect-square overflow-hidden rounded-xl bg-gradient-to-br from-violet-100 to-sky-100 dark:from-violet-500/10 dark:to-blue-500/10">
        <img src={game.logo_url} alt="" loading="lazy" decoding="async" className="size-full object-cover transition duration-300 group-hover:scale-105" />
        {game.is_hot && (
          <span className="absolute top-1.5 left-1.5 inline-flex items-center gap-0.5 rounded-full bg-gradient-to-r from-rose-500 to-orange-500 px-2 py-0.5 text-[11px] font-extrabold tracking-wide text-white uppercase shadow">
            <FlameIcon className="size-3" />
            {t('home.hot')}
          </span>
        )}
      </div>
      <span className="line-clamp-2 min-h-[2.5em] px-0.5 text-sm leading-tight font-semibold text-slate-800 dark:text-slate-100">{name}</span>
      <span className="px-0.5 text-xs text-muted">{localName(game.service, i18n.language)}</span>
    </a>
  );
}
