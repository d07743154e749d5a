/** schema.org WebSite + SearchAction so search engines know about /search?q={term}. */
export function SiteSearchMetadata({ name }: { name: string }) {
  const origin = window.location.origin;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${origin}/search?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
  return <script type="application/ld+json">{JSON.stringify(data)}</script>;
}
