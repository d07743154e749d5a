import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { revokeOtherSessions, revokeSession, useSessions } from '@/features/account/api/account';
import { SavedNote, SettingsCard } from '@/features/account/components/settings-card';
import { useAccountError } from '@/features/account/hooks/use-account-error';
import { useAction } from '@/hooks/use-action';
import { formatYangonDateTime, fromNow } from '@/lib/time';
import type { Session } from '@/types/api';

/** Where the account is signed in: each device with its address and times, "sign out" for each and for all the others. */
export function SessionsList() {
  const { t } = useTranslation();
  const { data: sessions, error, mutate } = useSessions();
  const errorWords = useAccountError();
  const { run, pending, error: actionError } = useAction();
  const [saved, setSaved] = useState('');
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  const act = async (action: () => Promise<{ data: { revoked: number } }>) => {
    setSaved('');
    const answer = await run(action);
    if (answer) setSaved(t('account.sessions.signedOut', { count: answer.data.revoked }));
    await mutate();
  };

  return (
    <SettingsCard id="account-sessions" title={t('account.sessions.title')} description={t('account.sessions.description')}>
      {error !== undefined && !sessions && <FormAlert>{errorWords.message(error)}</FormAlert>}
      <ul className="flex flex-col gap-3" aria-label={t('account.sessions.title')}>
        {sessions?.map((session) => (
          <SessionRow key={session.id} session={session} disabled={pending} onSignOut={() => void act(() => revokeSession(session.id))} />
        ))}
      </ul>
      <FormAlert>{actionError ? errorWords.message(actionError) : ''}</FormAlert>
      <SavedNote>{saved}</SavedNote>
      {others > 0 && (
        <Button variant="secondary" className="self-start" loading={pending} onClick={() => void act(revokeOtherSessions)}>
          {t('account.sessions.signOutOthers')}
        </Button>
      )}
    </SettingsCard>
  );
}

function SessionRow({ session, disabled, onSignOut }: { session: Session; disabled: boolean; onSignOut: () => void }) {
  const { t, i18n } = useTranslation();
  const device = [session.browser, session.os].filter(Boolean).join(' · ') || t('account.sessions.unknownDevice');
  const kind = session.device ? t(`account.sessions.kind.${session.device}` as 'account.sessions.kind.phone') : '';
  const lastUsed = session.last_used_at ?? session.created_at;
  return (
    <li
      data-testid="session"
      data-current={session.current || undefined}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200/80 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-white/10"
    >
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span translate="no" className="min-w-0 break-words">{device}</span>
          {kind && <span className="text-xs font-medium text-muted">{kind}</span>}
          {session.current && (
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-bold text-violet-700 dark:bg-violet-500/20 dark:text-violet-200">
              {t('account.sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="text-muted">
          {t('account.sessions.ip')}: <span className="tabular-nums">{session.ip ?? t('account.sessions.unknownIp')}</span>
        </p>
        <p className="text-muted">
          {t('account.sessions.lastUsed')}: <time dateTime={lastUsed}>{fromNow(lastUsed, i18n.language)}</time>
          {' · '}
          {t('account.sessions.created')}: <time dateTime={session.created_at}>{formatYangonDateTime(session.created_at, i18n.language)}</time>
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" className="shrink-0 self-start sm:self-center" disabled={disabled} onClick={onSignOut}>
          {t('account.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
