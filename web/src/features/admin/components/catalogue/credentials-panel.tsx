import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { revealCredentials, setCredentials } from '@/features/admin/api/catalogue';
import { useRevalidate } from '@/features/admin/api/keys';
import type { Product } from '@/features/admin/api/types';
import type { Credentials } from '@/types/api';
import { ConfirmDialog } from '@/features/admin/components/common/confirm-dialog';
import { Badge } from '@/features/admin/components/common/badge';
import { Facts } from '@/features/admin/components/common/panel';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

const empty: Credentials = { email: '', email_password: '', game_password: '' };

/** An account product's login: write-only once saved; revealing it asks first and is audited. */
export function CredentialsPanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const revalidate = useRevalidate();
  const [form, setForm] = useState<Credentials>(empty);
  const [saved, setSaved] = useState(false);
  const [revealed, setRevealed] = useState<Credentials | null>(null);
  const [asking, setAsking] = useState(false);
  const { run, pending, error } = useAction();
  const set = (name: keyof Credentials) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  const save = async () => {
    let ok = false;
    await run(async () => {
      await setCredentials(product.id, form);
      ok = true;
    });
    if (ok) {
      setForm(empty);
      setSaved(true);
      setRevealed(null);
      void revalidate('catalogue', 'audit');
    }
  };

  return (
    <div className="flex flex-col gap-3 text-left">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {product.has_credentials || saved ? <Badge tone="good">{t('admin.credentials.stored')}</Badge> : <Badge tone="warn">{t('admin.credentials.none')}</Badge>}
        <span className="text-slate-600 dark:text-slate-300">{t('admin.credentials.writeOnly')}</span>
      </p>
      {saved && <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">{t('admin.credentials.saved')}</p>}
      <TextField label={t('admin.credentials.email')} value={form.email} onChange={set('email')} autoComplete="off" error={fieldError(error, 'email')} />
      <PasswordField label={t('admin.credentials.emailPassword')} value={form.email_password} onChange={set('email_password')} autoComplete="new-password" error={fieldError(error, 'email_password')} />
      <PasswordField label={t('admin.credentials.gamePassword')} value={form.game_password} onChange={set('game_password')} autoComplete="new-password" error={fieldError(error, 'game_password')} />
      <FormError error={error && !fieldError(error, 'email') && !fieldError(error, 'email_password') && !fieldError(error, 'game_password') ? error : null} />
      <div className="flex flex-wrap gap-2">
        <Button loading={pending} onClick={() => void save()}>
          {t('admin.credentials.save')}
        </Button>
        {(product.has_credentials || saved) && !revealed && (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('admin.credentials.reveal')}
          </Button>
        )}
        {revealed && (
          <Button variant="secondary" onClick={() => setRevealed(null)}>
            {t('admin.credentials.hide')}
          </Button>
        )}
      </div>
      {revealed && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-500/30 dark:bg-amber-500/10">
          <Facts
            items={[
              [t('admin.credentials.email'), <span key="e" className="font-mono select-all">{revealed.email}</span>],
              [t('admin.credentials.emailPassword'), <span key="p" className="font-mono select-all">{revealed.email_password}</span>],
              [t('admin.credentials.gamePassword'), <span key="g" className="font-mono select-all">{revealed.game_password}</span>],
            ]}
          />
        </div>
      )}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('admin.credentials.revealTitle', { name: product.name })}
        confirmLabel={t('admin.credentials.reveal')}
        reason="optional"
        onConfirm={async (reason) => setRevealed(await revealCredentials(product.id, reason))}
        onDone={() => void revalidate('audit')}
      >
        <p>{t('admin.credentials.revealBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
