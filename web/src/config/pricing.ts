/**
 * docs/spec.md §9: every order pays a fixed 50 Ks service charge on top of the
 * product's price (the server's store.ServiceCharge). Prices are shown with it
 * included, so the total on the confirm page is never a surprise.
 */
export const SERVICE_CHARGE = 50;

/** docs/spec.md §5: the smallest top-up the store takes. */
export const MIN_TOPUP = 2000;
