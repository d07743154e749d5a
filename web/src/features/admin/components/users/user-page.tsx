import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { useRevalidate } from '@/features/admin/api/keys';
import { banUser, unbanUser, useUser } from '@/features/admin/api/users';
import { Badge, StatusBadge } from '@/features/admin/components/common/badge';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Facts, PageHeader, Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Segmented } from '@/features/admin/components/common/segmented';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';
import { LedgerTable } from '@/features/admin/components/users/ledger-table';
import { MessageDialog } from '@/features/admin/components/users/message-dialog';
import { WalletDialog } from '@/features/admin/components/users/wallet-dialog';
import { scriptLang } from '@/lib/script-lang';

type Tab = 'orders' | 'topups' | 'ledger';
type DialogName = 'ban' | 'unban' | 'wallet' | 'message';

/** A customer: profile, ban/unban, wallet adjustment, message; orders, top-ups and ledger. */
export function UserPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data, error, isLoading, mutate } = useUser(id);
  const revalidate = useRevalidate();
  const [tab, setTab] = useState<Tab>('orders');
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [notice, setNotice] = useState<string>();
  const user = data?.user;
  const changed = (message: string) => {
    setNotice(message);
    void mutate();
    void revalidate('users', 'overview', 'audit');
  };

  return (
    <>
      <PageHeader
        title={user ? user.username : t('admin.users.title')}
        subtitle={user ? `#${user.id}` : undefined}
        actions={
          <Link className="text-sm font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/users`}>
            {t('admin.users.back')}
          </Link>
        }
      />
      {notice && (
        <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-200">
          {notice}
        </p>
      )}
      <QueryState loading={isLoading} error={error} retry={() => void mutate()}>
        {data && user && (
          <div className="flex flex-col gap-4">
            <Panel
              title={t('admin.users.profile')}
              actions={
                <span className="flex gap-1">
                  {user.is_admin && <Badge tone="info">{t('admin.users.admin')}</Badge>}
                  {user.is_banned ? <Badge tone="bad">{t('admin.users.banned')}</Badge> : <Badge tone="good">{t('admin.users.active')}</Badge>}
                  {user.deletion_requested_at && <Badge tone="warn">{t('admin.deletions.badge')}</Badge>}
                </span>
              }
            >
              <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
                <Facts
                  items={[
                    [t('admin.users.phone'), user.phone_number],
                    [t('admin.users.email'), user.email ?? '—'],
                    [t('admin.users.wallet'), <Kyat key="w" value={user.wallet_amount} className="font-bold" />],
                    [t('admin.users.joined'), <YangonTime key="j" value={user.created_at} />],
                    [t('admin.users.ordersTotal'), String(data.orders_total)],
                    ...(user.is_banned
                      ? ([
                          [t('admin.users.banReason'), user.ban_reason ? <span key="r" translate="no" lang={scriptLang(user.ban_reason)}>{user.ban_reason}</span> : '—'],
                          [t('admin.users.bannedAt'), <span key="b"><YangonTime value={data.ban.banned_at} /> · {data.ban.banned_by_name ?? '—'}</span>],
                        ] as [string, ReactNode][])
                      : []),
                  ]}
                />
                <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
                  <Button onClick={() => setDialog('wallet')}>{t('admin.users.adjust')}</Button>
                  <Button variant="secondary" onClick={() => setDialog('message')}>
                    {t('admin.users.message')}
                  </Button>
                  {user.is_banned ? (
                    <Button variant="secondary" onClick={() => setDialog('unban')}>
                      {t('admin.users.unban')}
                    </Button>
                  ) : (
                    <Button variant="danger" onClick={() => setDialog('ban')} disabled={user.is_admin}>
                      {t('admin.users.ban')}
                    </Button>
                  )}
                </div>
              </div>
            </Panel>
            <Segmented
              label={t('admin.users.history')}
              value={tab}
              onChange={setTab}
              options={[
                { value: 'orders', label: t('admin.users.orders') },
                { value: 'topups', label: t('admin.users.topups') },
                { value: 'ledger', label: t('admin.users.ledger') },
              ]}
            />
            <Panel>
              {tab === 'orders' && (
                <Table label={t('admin.users.orders')} head={[t('admin.orders.id'), t('admin.orders.product'), t('admin.orders.total'), t('admin.common.status'), t('admin.orders.created')]}>
                  {data.orders.map((order) => (
                    <tr key={order.id}>
                      <Td><Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/orders/${order.id}`}>#{order.id}</Link></Td>
                      <Td>{order.product_name}</Td>
                      <Td><Kyat value={order.total_price} /></Td>
                      <Td><StatusBadge status={order.status} /></Td>
                      <Td><YangonTime value={order.created_at} /></Td>
                    </tr>
                  ))}
                </Table>
              )}
              {tab === 'topups' && (
                <Table label={t('admin.users.topups')} head={[t('admin.topups.id'), t('admin.topups.total'), t('admin.topups.method'), t('admin.common.status'), t('admin.topups.created')]}>
                  {data.topups.map((topup) => (
                    <tr key={topup.id}>
                      <Td><Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/topups/${topup.id}`}>#{topup.id}</Link></Td>
                      <Td><Kyat value={topup.total} /></Td>
                      <Td>{topup.payment_method}</Td>
                      <Td><StatusBadge status={topup.status} /></Td>
                      <Td><YangonTime value={topup.created_at} /></Td>
                    </tr>
                  ))}
                </Table>
              )}
              {tab === 'ledger' && <LedgerTable userId={user.id} />}
            </Panel>
          </div>
        )}
      </QueryState>
      {user && (
        <>
          <ConfirmDialog
            open={dialog === 'ban'}
            onClose={() => setDialog(null)}
            title={t('admin.users.banTitle', { user: user.username })}
            confirmLabel={t('admin.users.ban')}
            danger
            reason="required"
            reasonLabel={t('admin.users.banReasonLabel')}
            onConfirm={(reason) => banUser(user.id, reason)}
            onDone={() => changed(t('admin.users.bannedNotice'))}
          >
            <p>{t('admin.users.banBody')}</p>
          </ConfirmDialog>
          <ConfirmDialog
            open={dialog === 'unban'}
            onClose={() => setDialog(null)}
            title={t('admin.users.unbanTitle', { user: user.username })}
            confirmLabel={t('admin.users.unban')}
            reason="required"
            onConfirm={(reason) => unbanUser(user.id, reason)}
            onDone={() => changed(t('admin.users.unbannedNotice'))}
          />
          <WalletDialog user={user} open={dialog === 'wallet'} onClose={() => setDialog(null)} onDone={() => changed(t('admin.wallet.done'))} />
          <MessageDialog user={user} open={dialog === 'message'} onClose={() => setDialog(null)} onSent={() => setNotice(t('admin.message.sent'))} />
        </>
      )}
    </>
  );
}
