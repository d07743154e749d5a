import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAudit, type AuditFilter } from '@/features/admin/api/audit';
import { Pager } from '@/features/admin/components/common/pager';
import { PageHeader, Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { YangonTime } from '@/features/admin/components/common/time';
import { scriptLang } from '@/lib/script-lang';

const empty: Omit<AuditFilter, 'page'> = { action: '', target_type: '', target_id: '', actor_id: '', from: '', to: '' };

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer font-semibold">{label}</summary>
      <pre className="mt-1 max-h-48 max-w-[28rem] overflow-auto rounded-lg bg-slate-100 p-2 whitespace-pre-wrap break-all dark:bg-white/10">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Every admin change with actor, target, before/after and request id; filterable (days in Yangon time). */
export function AuditPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(empty);
  const [filter, setFilter] = useState<AuditFilter>({ ...empty, page: 1 });
  const { data, error, isLoading, mutate } = useAudit(filter);
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...form, page: 1 });
  };
  return (
    <>
      <PageHeader title={t('admin.audit.title')} subtitle={t('admin.audit.subtitle')} />
      <Panel className="mb-4">
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <TextField translate="no" label={t('admin.audit.action')} placeholder="topup.confirm" value={form.action} onChange={set('action')} />
          <TextField translate="no" label={t('admin.audit.targetType')} placeholder="user, order, topup…" value={form.target_type} onChange={set('target_type')} />
          <TextField label={t('admin.audit.targetId')} value={form.target_id} onChange={set('target_id')} />
          <TextField label={t('admin.audit.actorId')} inputMode="numeric" value={form.actor_id} onChange={set('actor_id')} />
          <TextField label={t('admin.audit.from')} type="date" value={form.from} onChange={set('from')} />
          <TextField label={t('admin.audit.to')} type="date" value={form.to} onChange={set('to')} />
          <div className="flex gap-2 sm:col-span-2 xl:col-span-3">
            <Button type="submit">{t('admin.audit.apply')}</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setForm(empty);
                setFilter({ ...empty, page: 1 });
              }}
            >
              {t('admin.audit.clear')}
            </Button>
          </div>
        </form>
      </Panel>
      <Panel>
        <QueryState loading={isLoading} error={error} retry={() => void mutate()} empty={data?.data.length === 0}>
          <Table label={t('admin.audit.title')} head={[t('admin.audit.when'), t('admin.audit.actor'), t('admin.audit.action'), t('admin.audit.target'), t('admin.audit.details')]}>
            {data?.data.map((entry) => (
              <tr key={entry.id}>
                <Td><YangonTime value={entry.created_at} /></Td>
                <Td>{entry.actor_name || '—'}</Td>
                <Td><span translate="no" className="font-mono text-xs font-semibold">{entry.action}</span></Td>
                <Td className="whitespace-nowrap"><span translate="no">{entry.target_type}</span> #{entry.target_id}</Td>
                <Td>
                  {/* An admin's own words, shown as typed: not the store's to translate. */}
                  {entry.reason && (
                    <p className="text-sm" translate="no" lang={scriptLang(entry.reason)}>
                      {entry.reason}
                    </p>
                  )}
                  <Change label={t('admin.audit.before')} value={entry.before} />
                  <Change label={t('admin.audit.after')} value={entry.after} />
                  <p className="text-xs text-muted">{entry.ip ?? ''} {entry.request_id}</p>
                </Td>
              </tr>
            ))}
          </Table>
          {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={(page) => setFilter((current) => ({ ...current, page }))} />}
        </QueryState>
      </Panel>
    </>
  );
}
