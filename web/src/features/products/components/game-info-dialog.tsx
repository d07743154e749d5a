import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AlertIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { SERVICE_CHARGE } from '@/config/pricing';
import type { Product } from '@/features/products/api/products';
import { priceDisplay } from '@/features/products/utils/display';
import { rememberedIds, rememberIds } from '@/features/products/utils/remembered-ids';
import { needsServerId, normalizeDigits, validateGameInfo, type GameInfoErrors } from '@/features/products/utils/game-info';
import { formatAmount } from '@/lib/format';
import { useBackCloses } from '@/hooks/use-back-closes';
import { localName } from '@/lib/localize';

type GameInfoDialogProps = {
  product: Product | null;
  onClose: () => void;
  onConfirm: (product: Product, info: { gameUid: string; serverId: string }) => void;
};

/** docs/spec.md §2 'Enter Your Game Info' for coin purchases. */
export function GameInfoDialog({ product, onClose, onConfirm }: GameInfoDialogProps) {
  const { t, i18n } = useTranslation();
  // The ids last bought with for this game come pre-filled (the dialog is keyed by product).
  const [remembered] = useState(() => (product ? rememberedIds(product.game.slug) : undefined));
  const [gameId, setGameId] = useState(remembered?.gameUid ?? '');
  const [serverId, setServerId] = useState(remembered?.serverId ?? '');
  const [errors, setErrors] = useState<GameInfoErrors>({});
  const needsServer = product ? needsServerId(product) : false;
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();

  const close = () => {
    setErrors({});
    onClose();
  };
  // Android's back closes the dialog; confirming goes on to the order page, so its entry stays.
  const leaving = useRef(false);
  const isLeaving = useCallback(() => leaving.current, []);
  useBackCloses(product !== null, onClose, isLeaving);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!product) return;
    const found = validateGameInfo(gameId, serverId, needsServer);
    setErrors(found);
    if (found.gameId || found.serverId) return;
    const ids = { gameUid: normalizeDigits(gameId), serverId: needsServer ? normalizeDigits(serverId) : '' };
    rememberIds(product.game.slug, ids);
    leaving.current = true;
    onConfirm(product, ids);
  };
  const message = (field: 'gameId' | 'serverId') => {
    const error = errors[field];
    if (!error) return undefined;
    return t(`products.gameInfo.errors.${field}.${error}`);
  };

  return (
    <Dialog open={product !== null} onClose={close} title={t('products.gameInfo.title')}>
      {product && (
        <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4 text-left">
          <div className="flex flex-col gap-0.5 rounded-xl bg-violet-50 px-3 py-2 text-sm text-violet-800 dark:bg-violet-500/10 dark:text-violet-200">
            <p className="font-semibold">
              {localName(product.game, i18n.language)} · {localName(product, i18n.language)}
            </p>
            <p data-testid="game-info-total">
              {t('products.gameInfo.total', {
                total: formatAmount(priceDisplay(product).total),
                charge: formatAmount(SERVICE_CHARGE),
              })}
            </p>
          </div>
          <TextField
            label={t('products.gameInfo.gameId')}
            inputMode="numeric"
            autoComplete="off"
            required
            autoFocus
            value={gameId}
            placeholder={t('products.gameInfo.gameIdPlaceholder')}
            error={message('gameId')}
            onChange={(event) => {
              setGameId(event.target.value);
              setErrors((current) => ({ ...current, gameId: undefined }));
            }}
          />
          {product.game.id_help_url && (
            <div className="-mt-2 flex flex-col gap-2">
              <button
                type="button"
                aria-expanded={helpOpen}
                aria-controls={helpId}
                onClick={() => setHelpOpen((open) => !open)}
                className="w-fit text-sm font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300"
              >
                {t('products.gameInfo.idHelp')}
              </button>
              {helpOpen && (
                <figure id={helpId}>
                  <img
                    src={product.game.id_help_url}
                    alt={t('products.gameInfo.idHelpAlt', { game: localName(product.game, i18n.language) })}
                    className="w-full rounded-xl border border-slate-200 dark:border-white/10"
                  />
                </figure>
              )}
            </div>
          )}
          {needsServer && (
            <TextField
              label={t('products.gameInfo.serverId')}
              inputMode="numeric"
              autoComplete="off"
              value={serverId}
              placeholder={t('products.gameInfo.serverIdPlaceholder')}
              error={message('serverId')}
              onChange={(event) => {
                setServerId(event.target.value);
                setErrors((current) => ({ ...current, serverId: undefined }));
              }}
            />
          )}
          <p className="flex gap-2 rounded-xl border border-amber-300/70 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-100">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{t('products.gameInfo.warning')}</span>
          </p>
          <Button type="submit" className="w-full">
            {t('products.gameInfo.confirm')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
