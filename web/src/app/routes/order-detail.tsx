import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageHead } from '@/components/seo/page-head';
import { ButtonLink } from '@/components/ui/button-link';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useStoreName } from '@/features/config/hooks/use-store-name';
import { useOrder } from '@/features/orders/api/orders';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { RequestRefundButton } from '@/features/refunds/components/request-refund-button';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { useErrorText } from '@/hooks/use-error-text';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-client';

/** /orders/{id}: one of the signed-in customer's orders (another's is the 404 page). */
export function OrderDetailRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const storeName = useStoreName();
  const errorText = useErrorText();
  const { user } = useSession();
  const { data, error, isLoading } = useOrder(id);

  let body;
  if (isLoading && !data) body = <PageSpinner />;
  else if (isApiError(error) && error.status === 404)
    body = (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{t('orderDetail.notFound')}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t('orderDetail.notFoundBody')}</p>
      </section>
    );
  else if (error && !data)
    body = (
      <p role="alert" className="rounded-xl bg-rose-50 p-4 text-sm text-rose-800 dark:bg-rose-950/40 dark:text-rose-200">
        {errorText(error)}
      </p>
    );
  else if (data)
    body = (
      <OrderDetail
        detail={data}
        storeName={storeName}
        actions={
          <>
            <RequestRefundButton order={data.order} />
            {data.reviewable && <ReviewForm orderId={data.order.id} />}
          </>
        }
      />
    );

  return (
    <>
      <PageHead title={`${storeName} ${t('order.orderNumber', { id: id ?? '' })}`} robots="noindex, nofollow" />
      <div className="flex flex-col gap-4">
        {user && (
          <ButtonLink to={paths.profile(user.username)} variant="secondary" className="self-start print:hidden" icon={<ArrowLeftIcon className="size-4" />}>
            {t('orderDetail.back')}
          </ButtonLink>
        )}
        {body}
      </div>
    </>
  );
}
