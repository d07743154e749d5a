import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { CopyField } from '@/components/ui/copy-field';
import { CheckCircleIcon, ErrorIcon, HomeIcon, MessageIcon, TelegramIcon, FacebookIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { orderKeys, placeOrder, type PlaceOrderResponse } from '@/features/orders/api/orders';
import { CredentialsView } from '@/features/orders/components/credentials-view';
import { ShortfallNotice } from '@/features/orders/components/shortfall-notice';
import { orderStatusLabel } from '@/features/orders/utils/status';
import { topUpFor } from '@/features/orders/utils/top-up-link';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { formatAmount } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/localize';
import { errorBody, errorCode } from '@/lib/api-errors';
import { clearPendingOrder, type PendingOrder } from '@/lib/pending-order';
import { getStoredUser, saveUser } from '@/lib/session';

/** docs/spec.md §9: a fixed 50 Ks service charge; total = price + 50. */
export const SERVICE_CHARGE = 50;


type OrderState =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'confirmed'; response: PlaceOrderResponse }
  | { kind: 'error'; message: string; shortfall?: number }
  | { kind: 'priceChanged'; total: number };

function shortfallOf(error: unknown): number | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const data = (error.body as { data?: { shortfall?: unknown } }).data;
  return typeof data?.shortfall === 'number' ? data.shortfall : undefined;
}

/** The new price of a 409 price_changed answer (data.price, without the service charge). */
function changedPriceOf(error: unknown): number | undefined {
  if (errorCode(error) !== 'price_changed') return undefined;
  const data = (errorBody(error) as { data?: { price?: unknown } } | undefined)?.data;
  return typeof data?.price === 'number' ? data.price : undefined;
}

/** Shows the wallet the order answer carries, so the balance is right even when the live update never comes. */
function showBalance(walletAmount: number | undefined) {
  const user = getStoredUser();
  if (user && typeof walletAmount === 'number') saveUser({ ...user, wallet_amount: walletAmount });
}

/** A definite answer (4xx) means nothing was charged: the next confirm may use a new key. */
function isDefinite(error: unknown) {
  return isApiError(error) && typeof error.status === 'number' && error.status < 500;
}

const kyat = (amount: number) => formatAmount(amount);

type OrderPageProps = {
  pending: PendingOrder;
  /** Where "Contact Support" goes; no link when the shop set no channel. */
  contactHref?: string;
  /** Whether an admin is there to answer, shown beside the support link (the route passes the shop's live flag). */
  supportStatus?: ReactNode;
  /** Social links for an account's credentials; each only when set. */
  support?: { telegram?: string; facebook?: string };
  deliveryMinutes: number;
};

/** docs/spec.md §2 order page: idle → processing → confirmed or error. */
export function OrderPage({ pending, contactHref, supportStatus, support, deliveryMinutes }: OrderPageProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<OrderState>({ kind: 'idle' });
  // One key per confirmation: a double tap or a retry after a timeout replays, never charges twice.
  const key = useRef(newIdempotencyKey());
  const busy = useRef(false);
  // The price shown and sent: the server refuses to charge any other (409 price_changed), and the page then asks again at the new one.
  const [price, setPrice] = useState(pending.totalPrice);
  const total = price + SERVICE_CHARGE;

  const confirm = async () => {
    if (busy.current) return;
    busy.current = true;
    setState({ kind: 'processing' });
    try {
      const response = await placeOrder(
        { product_id: pending.orderId, game_uid: pending.game_uid || undefined, server_id: pending.game_server || undefined, total_price: total },
        key.current,
      );
      clearPendingOrder(response.order.id);
      showBalance(response.wallet_amount);
      setState({ kind: 'confirmed', response });
      void mutate(orderKeys.isOrders);
    } catch (error) {
      if (isDefinite(error)) key.current = newIdempotencyKey();
      const changed = changedPriceOf(error);
      if (changed !== undefined) {
        setPrice(changed);
        setState({ kind: 'priceChanged', total: changed + SERVICE_CHARGE });
        return;
      }
      const shortfall = shortfallOf(error);
      setState({
        kind: 'error',
        shortfall,
        message: shortfall !== undefined ? t('order.insufficient', { amount: kyat(shortfall) }) : errorText(error, t('order.failed')),
      });
    } finally {
      busy.current = false;
    }
  };

  const contact = contactHref && (
    <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm">
      <a
        href={contactHref}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 font-semibold text-violet-700 underline-offset-4 hover:underline dark:text-violet-300"
      >
        <MessageIcon className="size-4" />
        {t('order.contactSupport')}
      </a>
      {supportStatus}
    </div>
  );

  if (state.kind === 'confirmed') {
    const { response } = state;
    const isAccount = pending.orderType === 'account' && response.credentials;
    return (
      <section className="mx-auto flex w-full max-w-lg flex-col gap-5 rounded-3xl border border-emerald-200 bg-white/90 p-5 text-center shadow-xl shadow-emerald-900/5 sm:p-8 dark:border-emerald-500/20 dark:bg-ink-900/80">
        <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-emerald-100 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300">
          <CheckCircleIcon className="size-9" />
        </span>
        {/* What really happened, in the words the order history uses for the same order. */}
        <h1 className="text-2xl font-extrabold">{response.order.payment_status === 'completed' ? t('order.confirmed') : orderStatusLabel(t, response.order.payment_status)}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('order.orderNumber', { id: response.order.id })} · {pending.title}
        </p>
        {isAccount && response.credentials ? (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('order.accountDelivered')}</p>
            <CredentialsView credentials={response.credentials} />
            <div className="flex flex-wrap justify-center gap-3 text-sm">
              {support?.telegram && (
                <a href={support.telegram} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-semibold text-sky-600 hover:underline dark:text-sky-300">
                  <TelegramIcon className="size-4" />
                  {t('order.adminTelegram')}
                </a>
              )}
              {support?.facebook && (
                <a href={support.facebook} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-semibold text-blue-600 hover:underline dark:text-blue-300">
                  <FacebookIcon className="size-4" />
                  {t('order.adminFacebook')}
                </a>
              )}
            </div>
          </>
        ) : (
          <>
            <p className="text-slate-700 dark:text-slate-200">
              {response.order.payment_status === 'completed' ? t('order.delivered') : t('order.thankYou', { minutes: deliveryMinutes })}
            </p>
            {response.code && (
              <div className="flex flex-col gap-1 text-left">
                <p className="text-xs font-semibold text-muted">{t('order.yourCode')}</p>
                <CopyField value={response.code} label={t('order.yourCode')} mono className="w-full" />
              </div>
            )}
          </>
        )}
        <ButtonLink to={paths.home} icon={<HomeIcon className="size-5" />}>
          {t('order.returnHome')}
        </ButtonLink>
        {contact}
      </section>
    );
  }

  const rows: [string, string][] = [
    [t('order.productId'), `#${pending.orderId}`],
    [t('order.type'), t(`order.types.${pending.orderType === 'account' || pending.orderType === 'code' ? pending.orderType : 'coin'}`)],
  ];
  if (pending.game_uid) rows.push([t('order.gameId'), pending.game_uid]);
  if (pending.game_server) rows.push([t('order.serverId'), pending.game_server]);

  return (
    <section className="mx-auto flex w-full max-w-lg flex-col gap-5">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('order.title')}</h1>
      <div className="flex flex-col gap-4 rounded-3xl border border-slate-200/80 bg-white/90 p-4 shadow-xl shadow-violet-900/5 sm:p-6 dark:border-white/10 dark:bg-ink-900/80">
        <div className="flex items-center gap-4">
          <img src={pending.image} alt="" className="size-20 shrink-0 rounded-2xl bg-violet-50 object-contain p-1 dark:bg-white/5" />
          <h2 className="min-w-0 text-lg font-bold break-words">{pending.title}</h2>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 text-right font-semibold break-all">{value}</dd>
            </div>
          ))}
          <dt className="text-muted">{t('order.price')}</dt>
          <dd className="text-right font-semibold tabular-nums">{t('common.kyat', { amount: kyat(price) })}</dd>
          <dt className="text-muted">{t('order.serviceCharge')}</dt>
          <dd className="text-right font-semibold tabular-nums">{t('common.kyat', { amount: kyat(SERVICE_CHARGE) })}</dd>
          <div aria-hidden="true" className="col-span-2 my-1 border-t border-slate-200 dark:border-white/10" />
          <dt className="font-bold">{t('order.total')}</dt>
          <dd className="text-right text-lg font-extrabold text-violet-700 tabular-nums dark:text-gold-300">
            {t('common.kyat', { amount: kyat(total) })}
          </dd>
        </dl>
        {state.kind === 'priceChanged' && (
          <p role="alert" className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-950/40 dark:text-amber-100">
            <ErrorIcon className="mt-0.5 size-4 shrink-0" />
            <span>{t('order.priceChanged', { amount: kyat(state.total) })}</span>
          </p>
        )}
        {state.kind === 'error' && (
          <div role="alert" className="flex flex-col gap-2 rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800 dark:border-rose-500/30 dark:bg-rose-950/40 dark:text-rose-200">
            <p className="flex gap-2">
              <ErrorIcon className="mt-0.5 size-4 shrink-0" />
              <span>{state.message}</span>
            </p>
            {state.shortfall !== undefined && (
              <Link to={topUpFor(state.shortfall)} className="self-start font-bold text-violet-700 underline underline-offset-4 dark:text-violet-300">
                {t('order.goTopUp')}
              </Link>
            )}
          </div>
        )}
        {state.kind !== 'error' && <ShortfallNotice total={total} />}
        <Button className="w-full" loading={state.kind === 'processing'} onClick={() => void confirm()}>
          {state.kind === 'processing' ? t('order.processing') : state.kind === 'priceChanged' ? t('order.confirmNewPrice') : t('order.confirm')}
        </Button>
      </div>
      {contact}
    </section>
  );
}
