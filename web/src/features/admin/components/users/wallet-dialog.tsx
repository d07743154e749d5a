import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { adjustWallet } from '@/features/admin/api/users';
import type { AdminUser } from '@/features/admin/api/types';
import { SelectField, TextAreaField } from '@/components/ui/fields';
import { Kyat } from '@/features/admin/components/common/kyat';
import { FormError } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';
import { validateAdjustment } from '@/features/admin/utils/validate';

type Errors = { amount?: string; reason?: string };

/** A manual wallet adjustment: a ledger entry with a required reason, confirmed in a second step. */
export function WalletDialog({ user, open, onClose, onDone }: { user: AdminUser; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { run, pending, error, reset } = useAction();
  const amount = Number(amountText.replace(/[,\s]/g, ''));
  const signed = direction === 'credit' ? amount : -amount;

  const close = () => {
    if (pending) return;
    setStep('form');
    setAmountText('');
    setReason('');
    setErrors({});
    setKey(crypto.randomUUID());
    reset();
    onClose();
  };
  const review = () => {
    const found = validateAdjustment(amountText, reason, Number(user.wallet_amount), direction);
    const messages = {
      amountInvalid: t('admin.wallet.amountInvalid'),
      amountTooLarge: t('admin.wallet.amountTooLarge'),
      belowZero: t('admin.wallet.belowZero'),
      reasonRequired: t('admin.common.reasonRequired'),
      reasonTooLong: t('admin.common.reasonTooLong'),
    };
    setErrors({ amount: found.amount && messages[found.amount], reason: found.reason && messages[found.reason] });
    if (!found.amount && !found.reason) setStep('confirm');
  };
  const submit = async () => {
    let ok = false;
    await run(async () => {
      await adjustWallet(user.id, signed, reason.trim(), key);
      ok = true;
    });
    if (ok) {
      close();
      onDone();
    } else {
      setStep('form');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!pending}
      title={t('admin.wallet.title', { user: user.username })}
      actions={
        step === 'form' ? (
          <>
            <Button variant="secondary" onClick={close}>
              {t('admin.common.cancel')}
            </Button>
            <Button onClick={review}>{t('admin.wallet.review')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setStep('form')} disabled={pending}>
              {t('admin.common.back')}
            </Button>
            <Button variant={direction === 'debit' ? 'danger' : 'primary'} loading={pending} onClick={() => void submit()}>
              {t('admin.wallet.apply')}
            </Button>
          </>
        )
      }
    >
      {step === 'form' ? (
        <div className="flex max-h-[60dvh] flex-col gap-3 overflow-y-auto text-left">
          <p>
            {t('admin.wallet.current')} <Kyat value={user.wallet_amount} className="font-bold" />
          </p>
          <SelectField
            label={t('admin.wallet.direction')}
            value={direction}
            onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}
            options={[
              { value: 'credit', label: t('admin.wallet.credit') },
              { value: 'debit', label: t('admin.wallet.debit') },
            ]}
          />
          <TextField label={t('admin.wallet.amount')} inputMode="numeric" value={amountText} onChange={(event) => setAmountText(event.target.value)} error={errors.amount ?? fieldError(error, 'amount')} />
          <TextAreaField label={t('admin.common.reason')} hint={t('admin.wallet.reasonShown')} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} error={errors.reason ?? fieldError(error, 'reason')} />
          {!fieldError(error, 'amount') && !fieldError(error, 'reason') && <FormError error={error} />}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p>{t(direction === 'credit' ? 'admin.wallet.confirmCredit' : 'admin.wallet.confirmDebit', { user: user.username })}</p>
          <Kyat value={signed} signed className={`text-2xl font-bold ${direction === 'credit' ? 'text-emerald-600' : 'text-rose-600'}`} />
          <p className="text-xs">
            {t('admin.wallet.after')} <Kyat value={Number(user.wallet_amount) + signed} />
          </p>
          <p className="rounded-xl bg-slate-100 p-2 text-left dark:bg-white/10">{reason}</p>
        </div>
      )}
    </Dialog>
  );
}
