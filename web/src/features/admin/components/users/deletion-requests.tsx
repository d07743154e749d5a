import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { completeDeletion, useDeletionRequests } from '@/features/admin/api/users';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Panel } from '@/features/admin/components/common/panel';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import type { DeletionRequest } from '@/types/api';

/** Customers who asked for their account to be deleted; completing one anonymises it (orders and ledger stay). Hidden when none wait. */
export function DeletionRequests() {
  const { t } = useTranslation();
  const { data, mutate } = useDeletionRequests();
  const [chosen, setChosen] = useState<DeletionRequest | null>(null);
  if (!data?.length) return null;
  return (
    <Panel className="mb-4" title={t('admin.deletions.title')}>
      <Table label={t('admin.deletions.title')} head={[t('admin.users.user'), t('admin.users.phone'), t('admin.users.wallet'), t('admin.deletions.requested'), '']}>
        {data.map((request) => (
          <tr key={request.user_id}>
            <Td>
              <Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/users/${request.user_id}`}>
                {request.username}
              </Link>
            </Td>
            <Td className="whitespace-nowrap">{request.phone_number}</Td>
            <Td>
              <Kyat value={request.wallet_amount} />
            </Td>
            <Td>
              <YangonTime value={request.requested_at} />
            </Td>
            <Td>
              <Button variant="danger" onClick={() => setChosen(request)}>
                {t('admin.deletions.complete')}
              </Button>
            </Td>
          </tr>
        ))}
      </Table>
      <ConfirmDialog
        open={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('admin.deletions.confirmTitle', { user: chosen?.username ?? '' })}
        confirmLabel={t('admin.deletions.complete')}
        danger
        onConfirm={() => completeDeletion(chosen?.user_id ?? 0)}
        onDone={() => void mutate()}
      >
        <p>{t('admin.deletions.confirmBody')}</p>
      </ConfirmDialog>
    </Panel>
  );
}
