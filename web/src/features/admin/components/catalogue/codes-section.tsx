import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useCodeStocks } from '@/features/admin/api/catalogue';
import type { CodeStock } from '@/features/admin/api/types';
import { Badge } from '@/features/admin/components/common/badge';
import { Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { CodeImport } from '@/features/admin/components/catalogue/code-import';

/** Redeem-code stock per product, lowest first, with low-stock warnings and import. */
export function CodesSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useCodeStocks();
  const [importing, setImporting] = useState<CodeStock | null>(null);
  return (
    <Panel title={t('admin.codes.title')} actions={data && data.low_stock > 0 ? <Badge tone="warn">{t('admin.codes.lowCount', { count: data.low_stock })}</Badge> : undefined}>
      <QueryState loading={isLoading} error={error} empty={data?.products.length === 0}>
        <Table label={t('admin.codes.title')} head={[t('admin.catalogue.name'), t('admin.codes.available'), t('admin.codes.sold'), '']}>
          {data?.products.map((stock) => (
            <tr key={stock.product_id}>
              <Td>
                <span className="font-semibold">{stock.product_name}</span>
                {stock.low_stock && (
                  <span className="ml-2">
                    <Badge tone="warn">{t('admin.codes.low')}</Badge>
                  </span>
                )}
              </Td>
              <Td>{stock.available}</Td>
              <Td>{stock.sold}</Td>
              <Td>
                <Button variant="secondary" className="min-h-9 px-3" onClick={() => setImporting(stock)} aria-label={t('admin.codes.importFor', { name: stock.product_name })}>
                  {t('admin.codes.import')}
                </Button>
              </Td>
            </tr>
          ))}
        </Table>
      </QueryState>
      {importing && (
        <Dialog open onClose={() => setImporting(null)} title={t('admin.codes.importFor', { name: importing.product_name })}>
          <div className="-mx-2 max-h-[65dvh] overflow-y-auto px-2 pt-1">
            <CodeImport productId={importing.product_id} />
          </div>
        </Dialog>
      )}
    </Panel>
  );
}
