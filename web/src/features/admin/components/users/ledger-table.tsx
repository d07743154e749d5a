import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useLedger } from '@/features/admin/api/users';
import { Kyat } from '@/features/admin/components/common/kyat';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { scriptLang } from '@/lib/script-lang';

const PAGE = 50;

/** A user's ledger, newest first, 50 entries at a time (paged by entry id). */
export function LedgerTable({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors.at(-1);
  const { data, error, isLoading, mutate } = useLedger(userId, before);
  const last = data?.at(-1);
  return (
    <QueryState loading={isLoading} error={error} retry={() => void mutate()}>
      <Table label={t('admin.users.ledger')} head={[t('admin.ledger.when'), t('admin.ledger.kind'), t('admin.ledger.amount'), t('admin.ledger.balance'), t('admin.ledger.reference')]}>
        {data?.map((entry) => (
          <tr key={entry.id}>
            <Td><YangonTime value={entry.created_at} /></Td>
            <Td>{entry.kind}</Td>
            <Td><Kyat value={entry.amount} signed className={entry.amount < 0 ? 'text-rose-600' : 'text-emerald-600'} /></Td>
            <Td><Kyat value={entry.balance_after} /></Td>
            <Td>
              <span className="break-all">{entry.reference}</span>
              {entry.reason && (
                <span className="block text-xs text-muted" translate="no" lang={scriptLang(entry.reason)}>
                  {entry.reason}
                </span>
              )}
            </Td>
          </tr>
        ))}
      </Table>
      {(cursors.length > 0 || (data?.length ?? 0) >= PAGE) && (
        <div className="mt-3 flex justify-between gap-2">
          <Button variant="secondary" disabled={cursors.length === 0} onClick={() => setCursors((list) => list.slice(0, -1))}>
            {t('admin.ledger.newer')}
          </Button>
          <Button variant="secondary" disabled={!last || (data?.length ?? 0) < PAGE} onClick={() => last && setCursors((list) => [...list, last.id])}>
            {t('admin.ledger.older')}
          </Button>
        </div>
      )}
    </QueryState>
  );
}
