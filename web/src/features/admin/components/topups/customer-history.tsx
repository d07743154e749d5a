import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { TopupDetail } from '@/features/admin/api/types';
import { Badge, StatusBadge } from '@/features/admin/components/common/badge';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Facts, Panel } from '@/features/admin/components/common/panel';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { adminBase } from '@/features/admin/components/layout/admin-nav';

/** Who sent the top-up and what they did before. */
export function CustomerHistory({ detail }: { detail: TopupDetail }) {
  const { t } = useTranslation();
  const { customer, history } = detail;
  return (
    <Panel
      title={t('admin.topups.customer')}
      actions={
        <Link className="text-sm font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/users/${customer.id}`}>
          {t('admin.topups.openCustomer')}
        </Link>
      }
    >
      <Facts
        items={[
          [t('admin.users.username'), <span key="u" className="flex flex-wrap items-center gap-2">{customer.username}{customer.is_banned && <Badge tone="bad">{t('admin.users.banned')}</Badge>}</span>],
          [t('admin.users.phone'), customer.phone_number],
          [t('admin.users.wallet'), <Kyat key="w" value={customer.wallet_amount} />],
          [t('admin.users.joined'), <YangonTime key="j" value={customer.created_at} />],
          [t('admin.topups.recent'), t('admin.topups.recentCounts', { confirmed: history.recent_confirmed, rejected: history.recent_rejected })],
        ]}
      />
      <h3 className="mt-4 mb-2 text-sm font-bold">{t('admin.topups.pastTopups')}</h3>
      <Table wide={false} label={t('admin.topups.pastTopups')} head={[t('admin.topups.id'), t('admin.topups.total'), t('admin.common.status'), t('admin.topups.created')]}>
        {history.topups.map((item) => (
          <tr key={item.id}>
            <Td>
              <Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/topups/${item.id}`}>#{item.id}</Link>
            </Td>
            <Td><Kyat value={item.total} /></Td>
            <Td><StatusBadge status={item.status} /></Td>
            <Td><YangonTime value={item.created_at} /></Td>
          </tr>
        ))}
      </Table>
      <h3 className="mt-4 mb-2 text-sm font-bold">{t('admin.topups.pastOrders')}</h3>
      <Table wide={false} label={t('admin.topups.pastOrders')} head={[t('admin.orders.id'), t('admin.orders.product'), t('admin.orders.total'), t('admin.common.status')]}>
        {history.orders.map((order) => (
          <tr key={order.id}>
            <Td>
              <Link className="font-semibold text-violet-700 dark:text-violet-300" to={`${adminBase}/orders/${order.id}`}>#{order.id}</Link>
            </Td>
            <Td>{order.product_name}</Td>
            <Td><Kyat value={order.total_price} /></Td>
            <Td><StatusBadge status={order.status} /></Td>
          </tr>
        ))}
      </Table>
    </Panel>
  );
}
