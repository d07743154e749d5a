import { SERVICE_CHARGE } from '@/config/pricing';
import { toKyat } from '@/lib/format';

/** docs/spec.md §5 display rules for a product's price and badges. */
export function priceDisplay(product: { price: number; fake_price: number | null; discount_percent: number }) {
  const price = toKyat(product.price);
  const fake = product.fake_price == null ? 0 : toKyat(product.fake_price);
  const discount = Math.floor(Number(product.discount_percent) || 0);
  return {
    price,
    /** What the wallet pays: the price with the service charge. */
    total: price + SERVICE_CHARGE,
    /** The "was" total, with the same charge, when there is a "was" price. */
    fakeTotal: fake > price ? fake + SERVICE_CHARGE : null,
    /** The struck-through "was" price, only when it is above the price. */
    fakePrice: fake > price ? fake : null,
    /** Discount badge above 0 %. */
    discount: discount > 0 ? discount : null,
    /** HOT badge above 20 %. */
    hot: discount > 20,
  };
}
