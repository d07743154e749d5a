import type { ReactNode } from 'react';

/** The rose tile a dangerous confirm shows its icon in. */
export function DangerMark({ icon }: { icon: ReactNode }) {
  return <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-100 text-rose-600 dark:bg-rose-500/15 dark:text-rose-300">{icon}</span>;
}
