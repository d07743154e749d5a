import type { SupportConfig } from '@/features/config/api/config';

export type SupportChannel = { key: 'telegram' | 'viber' | 'facebook' | 'tiktok' | 'phone'; href: string };

/** docs/spec.md's delivery promise, until the server's configuration says otherwise. */
export const DEFAULT_DELIVERY_MINUTES = 5;

/**
 * The ways to reach the shop that it configured, messaging apps first; a channel
 * it did not set is left out, so no link leads to a bare network home page.
 */
export function supportChannels(support: SupportConfig | undefined): SupportChannel[] {
  if (!support) return [];
  const channels: SupportChannel[] = [];
  if (support.telegram) channels.push({ key: 'telegram', href: support.telegram });
  if (support.viber) channels.push({ key: 'viber', href: support.viber });
  if (support.facebook) channels.push({ key: 'facebook', href: support.facebook });
  if (support.tiktok) channels.push({ key: 'tiktok', href: support.tiktok });
  if (support.phone) channels.push({ key: 'phone', href: `tel:${support.phone}` });
  return channels;
}

/** Where "Contact Support" goes: the first configured channel, or nothing. */
export function supportLink(support: SupportConfig | undefined): string | undefined {
  return supportChannels(support)[0]?.href;
}

export function deliveryMinutes(support: SupportConfig | undefined): number {
  return support?.delivery_minutes || DEFAULT_DELIVERY_MINUTES;
}

