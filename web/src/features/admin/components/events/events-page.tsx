import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { publishEvent, useUsers } from '@/features/admin/api/users';
import type { AdminUser, EventResult } from '@/features/admin/api/types';
import { Badge } from '@/features/admin/components/common/badge';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { PageHeader, Panel } from '@/features/admin/components/common/panel';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

/** The only events the console may send (the server refuses others): diagnostics, never store messages. */
const CONSOLE_EVENTS = ['user.updated', 'diagnostic.ping'] as const;
type ConsoleEvent = (typeof CONSOLE_EVENTS)[number];

/** Sends a diagnostic event on a customer's private channel and shows what happened. */
export function EventsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [user, setUser] = useState<AdminUser | null>(null);
  const [event, setEvent] = useState<ConsoleEvent>('user.updated');
  const [data, setData] = useState('');
  const [dataError, setDataError] = useState<string>();
  const [result, setResult] = useState<EventResult | null>(null);
  const users = useUsers({ q: query, page: 1 }, query !== '');
  const { run, pending, error } = useAction();

  const find = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setQuery(search.trim());
  };
  const send = async () => {
    if (!user) return;
    let payload: unknown = null;
    if (event === 'diagnostic.ping' && data.trim()) {
      try {
        payload = JSON.parse(data);
      } catch {
        setDataError(t('admin.catalogue.jsonInvalid'));
        return;
      }
    }
    setDataError(undefined);
    const answer = await run(() => publishEvent(user.id, event, payload));
    if (answer) setResult(answer);
  };

  return (
    <>
      <PageHeader title={t('admin.events.title')} subtitle={t('admin.events.subtitle')} />
      <div className="grid gap-4 xl:grid-cols-2">
        <Panel title={t('admin.events.pickUser')}>
          <form onSubmit={find} role="search" className="flex items-end gap-2">
            <TextField className="min-w-0 flex-1" label={t('admin.users.search')} placeholder={t('admin.users.searchHint')} type="search" value={search} onChange={(changeEvent) => setSearch(changeEvent.target.value)} />
            <Button type="submit">{t('admin.common.search')}</Button>
          </form>
          <ul className="mt-3 flex flex-col gap-2" aria-label={t('admin.events.results')}>
            {users.data?.data.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={user?.id === item.id}
                  onClick={() => setUser(item)}
                  className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-xl border px-3 text-left text-sm ${
                    user?.id === item.id ? 'border-violet-500 bg-violet-50 dark:bg-violet-500/10' : 'border-slate-200 dark:border-white/10'
                  }`}
                >
                  <span className="min-w-0 truncate font-semibold">{item.username}</span>
                  <span className="text-muted">{item.phone_number}</span>
                </button>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t('admin.events.send')}>
          <div className="flex flex-col gap-3">
            <p className="text-sm">{user ? t('admin.events.channel', { channel: `private-user.${user.id}`, user: user.username }) : t('admin.events.noUser')}</p>
            <SelectField
              label={t('admin.events.event')}
              value={event}
              options={CONSOLE_EVENTS.map((name) => ({ value: name, label: t(`admin.events.kinds.${name === 'user.updated' ? 'userUpdated' : 'ping'}`) }))}
              onChange={(changeEvent) => setEvent(changeEvent.target.value as ConsoleEvent)}
              error={fieldError(error, 'event')}
            />
            {event === 'diagnostic.ping' && (
              <TextAreaField label={t('admin.events.data')} hint={t('admin.events.dataHint')} inputClassName="font-mono" value={data} onChange={(changeEvent) => setData(changeEvent.target.value)} error={dataError ?? fieldError(error, 'data')} />
            )}
            <FormError error={error && !fieldError(error, 'event') && !fieldError(error, 'data') ? error : null} />
            <Button loading={pending} disabled={!user} onClick={() => void send()}>
              {t('admin.events.publish')}
            </Button>
            {result && (
              <div role="status" className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 text-sm dark:border-white/10">
                <p className="flex flex-wrap items-center gap-2">
                  {result.published ? <Badge tone="good">{t('admin.events.published')}</Badge> : <Badge tone="bad">{t('admin.events.notPublished')}</Badge>}
                  <span className="font-mono text-xs">{result.channel} · {result.event}</span>
                </p>
                {result.error && <p className="text-rose-600">{result.error}</p>}
                <pre className="max-h-64 overflow-auto rounded-lg bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-white/10">{JSON.stringify(result.data, null, 2)}</pre>
              </div>
            )}
          </div>
        </Panel>
      </div>
    </>
  );
}
