import { useParams } from 'react-router';

import { useStoreName } from '@/features/config/hooks/use-store-name';
import { ProductListPage } from '@/features/products/components/product-list-page';
import { ReviewList } from '@/features/reviews/components/review-list';

/** /detail/{serviceName}/{name} (docs/spec.md §2). */
export function DetailRoute() {
  const { serviceName = '', name = '' } = useParams();
  const storeName = useStoreName();
  return (
    <div className="flex flex-col gap-10">
      <ProductListPage key={`${serviceName}/${name}`} serviceName={serviceName} slug={name} storeName={storeName} />
      <ReviewList gameSlug={name} />
    </div>
  );
}
