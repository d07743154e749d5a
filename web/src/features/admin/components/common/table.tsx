import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A table that scrolls sideways inside its own box on phones; the page never does. */
export function Table({ label, head, children, wide = true }: { label: string; head: ReactNode[]; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  if (Children.count(children) === 0) {
    return <p className="py-6 text-center text-sm text-muted">{t('admin.common.empty')}</p>;
  }
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" role="region" aria-label={label} tabIndex={0}>
      <table className={`w-full ${wide ? 'min-w-[36rem]' : ''} border-separate border-spacing-0 text-left text-sm`}>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th
                key={index}
                scope="col"
                className="border-b border-slate-200 px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase dark:border-white/10 dark:text-slate-400"
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function Td({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <td className={`border-b border-slate-100 px-3 py-2.5 align-top dark:border-white/5 ${className}`}>{children}</td>;
}
