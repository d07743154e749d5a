import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useBanner } from '@/features/catalog/api/banner';
import { endFirstScreen, hasFirstScreen } from '@/lib/first-screen';

/**
 * The active promotion, when there is one; nothing on error or without one.
 * The server's stand-in for it (lib/first-screen.ts) stays until this image
 * has loaded, or there is no banner to show. While it shows, a banner is
 * known to be coming, so its place is kept: the game grid below must not
 * jump down when it arrives.
 */
export function PromoBanner() {
  const { i18n } = useTranslation();
  const { data: banner, error } = useBanner();
  const [expected] = useState(hasFirstScreen);
  const settledEmpty = banner === null || (!banner && error !== undefined);
  useEffect(() => {
    if (settledEmpty) endFirstScreen();
  }, [settledEmpty]);
  if (!banner) return expected && !settledEmpty ? <div aria-hidden="true" className="aspect-[10/3] w-full" /> : null;
  const title = i18n.language === 'my' && banner.title_my ? banner.title_my : banner.title;
  const image = (
    <img
      src={banner.image_url}
      alt={title}
      width={1200}
      height={360}
      fetchPriority="high"
      onLoad={endFirstScreen}
      onError={endFirstScreen}
      className="aspect-[10/3] w-full rounded-2xl object-cover shadow-lg shadow-violet-900/10 sm:rounded-3xl"
    />
  );
  const internal = banner.link.startsWith('/');
  return (
    <section aria-label={title} className="overflow-hidden rounded-2xl sm:rounded-3xl">
      {!banner.link ? image : internal ? <Link to={banner.link}>{image}</Link> : <a href={banner.link} rel="noopener noreferrer">{image}</a>}
    </section>
  );
}
