import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { AlertIcon, SearchIcon } from '@/components/ui/icons';

function Block({ icon, title, body, tone, role, action }: { icon: ReactNode; title: string; body: ReactNode; tone: string; role?: 'alert' | 'status'; action?: ReactNode }) {
  return (
    <div role={role} className={`flex flex-col items-center gap-2 rounded-2xl border p-8 text-center ${tone}`}>
      {icon}
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="max-w-md text-sm">{body}</p>
      {action}
    </div>
  );
}

/** docs/spec.md §2 product list: the Error block with the error text. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Block
      role="alert"
      icon={<AlertIcon className="size-8" />}
      title={t('products.errorTitle')}
      body={message}
      tone="border-rose-200 bg-rose-50/80 text-rose-800 dark:border-rose-500/30 dark:bg-rose-950/40 dark:text-rose-200"
      action={
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** 'No Products Found / No products match your current selection'. */
export function ListEmpty() {
  const { t } = useTranslation();
  return (
    <Block
      role="status"
      icon={<SearchIcon className="size-8 text-violet-500" />}
      title={t('products.emptyTitle')}
      body={t('products.emptyBody')}
      tone="border-dashed border-slate-300 bg-white/60 text-slate-600 dark:border-white/10 dark:bg-white/[0.03] dark:text-slate-300"
    />
  );
}

/** 'No Data Available / Please try again later'. */
export function ListNoData() {
  const { t } = useTranslation();
  return (
    <Block
      role="status"
      icon={<AlertIcon className="size-8 text-amber-500" />}
      title={t('products.noDataTitle')}
      body={t('products.noDataBody')}
      tone="border-dashed border-slate-300 bg-white/60 text-slate-600 dark:border-white/10 dark:bg-white/[0.03] dark:text-slate-300"
    />
  );
}
