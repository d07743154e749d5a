import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useUsers } from '@/features/admin/api/users';
import { Badge } from '@/features/admin/components/common/badge';
import { SelectField } from '@/components/ui/fields';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Pager } from '@/features/admin/components/common/pager';
import { PageHeader, Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { DeletionRequests } from '@/features/admin/components/users/deletion-requests';
import { useFilterParams } from '@/features/admin/hooks/use-filter-params';

/** Find a customer by phone (any form), username, e-mail or id. */
export function UsersPage() {
  const { t } = useTranslation();
  const { params, update } = useFilterParams();
  const q = params.get('q') ?? '';
  const banned = params.get('banned') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const { data, error, isLoading, mutate } = useUsers({ q, banned, page });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim(), page: '' });
  };
  return (
    <>
      <PageHeader title={t('admin.users.title')} />
      <DeletionRequests />
      <form onSubmit={submit} role="search" className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end">
        <TextField label={t('admin.users.search')} placeholder={t('admin.users.searchHint')} type="search" value={text} onChange={(event) => setText(event.target.value)} />
        <SelectField
          label={t('admin.users.filter')}
          value={banned}
          onChange={(event) => update({ banned: event.target.value, page: '' })}
          options={[
            { value: '', label: t('admin.common.all') },
            { value: 'true', label: t('admin.users.bannedOnly') },
            { value: 'false', label: t('admin.users.activeOnly') },
          ]}
        />
        <Button type="submit">{t('admin.common.search')}</Button>
      </form>
      <Panel>
        <QueryState loading={isLoading} error={error} retry={() => void mutate()} empty={data?.data.length === 0} emptyText={t('admin.users.empty')}>
          <Table label={t('admin.users.title')} head={[t('admin.users.user'), t('admin.users.phone'), t('admin.users.email'), t('admin.users.wallet'), t('admin.users.joined'), '']}>
            {data?.data.map((user) => (
              <tr key={user.id}>
                <Td>
                  <Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/users/${user.id}`}>
                    {user.username}
                  </Link>
                  <span className="ml-2 text-xs text-muted">#{user.id}</span>
                </Td>
                <Td className="whitespace-nowrap">{user.phone_number}</Td>
                <Td>{user.email ?? '—'}</Td>
                <Td><Kyat value={user.wallet_amount} /></Td>
                <Td><YangonTime value={user.created_at} /></Td>
                <Td>
                  <span className="flex gap-1">
                    {user.is_admin && <Badge tone="info">{t('admin.users.admin')}</Badge>}
                    {user.is_banned && <Badge tone="bad">{t('admin.users.banned')}</Badge>}
                  </span>
                </Td>
              </tr>
            ))}
          </Table>
          {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={(next) => update({ page: String(next) })} />}
        </QueryState>
      </Panel>
    </>
  );
}
