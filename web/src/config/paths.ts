// Route table (SPEC §2). Later issues add the rest.
export const paths = {
  root: '/',
  home: '/home',
  search: '/search',
  notFound: '/404',
} as const;
