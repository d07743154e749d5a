import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { NotificationDialog } from '@/components/ui/notification-dialog';
import { fieldClass, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { createTopup, topupKeys, uploadReceipt, usePaymentMethods, useTopupQuote } from '@/features/topup/api/topups';
import { AmountChips } from '@/features/topup/components/amount-chips';
import { PaymentMethodCard } from '@/features/topup/components/payment-method-card';
import { QuoteSummary } from '@/features/topup/components/quote-summary';
import { ReceiptField } from '@/features/topup/components/receipt-field';
import { StepHeading } from '@/features/topup/components/step-heading';
import { clearDraft, loadDraft, saveDraft } from '@/features/topup/utils/draft';
import { blockedAmountKeys, checkAmount, checkReceipt, parseAmount } from '@/features/topup/utils/rules';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useErrorText } from '@/hooks/use-error-text';
import { useSession } from '@/hooks/use-session';
import { keyUnder } from '@/lib/api-path';
import { errorCode, serverMessage } from '@/lib/api-errors';
import { errorTextByCode } from '@/lib/server-text';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/localize';

type Errors = { amount?: string; method?: string; file?: string };

const isQuoteKey = (key: unknown) => keyUnder(key, topupKeys.quotes);

type TopupFormProps = {
  /** An amount to start with (a shortfall to cover), replacing the tab's saved form. */
  initialAmount?: string;
  /** Where "done" leads after the request is sent (the order being paid for), else home. */
  returnTo?: string;
  /** The shop's configured promise, for the "what happens next" text. */
  deliveryMinutes: number;
};

/**
 * docs/spec.md §2 top-up form in two steps: 1. amount and method give the exact
 * total, to whom and until when, then "I have paid"; 2. the receipt and
 * Submit Top-Up. The form survives a reload of the tab (the banking app
 * switch on Android) and the server keeps the quote, so the total stays.
 */
export function TopupForm({ initialAmount, returnTo, deliveryMinutes }: TopupFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const { user } = useSession();
  const methodId = useId();
  const [draft] = useState(() => {
    const saved = loadDraft(user?.id);
    return initialAmount ? { ...saved, amount: initialAmount, paid: false } : saved;
  });
  const [amount, setAmount] = useState(draft.amount);
  const [methodValue, setMethodValue] = useState(draft.method);
  const [paid, setPaid] = useState(draft.paid);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<'success' | 'error' | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const key = useRef(newIdempotencyKey());
  const receiptStep = useRef<HTMLDivElement>(null);

  const methods = usePaymentMethods();
  const method = methods.data?.find((item) => String(item.id) === methodValue);
  const settled = useDebouncedValue(amount, 400);
  const settledProblem = settled ? checkAmount(settled) : null;
  const quotable = settledProblem === null ? parseAmount(settled) : null;
  const current = parseAmount(amount) === quotable ? quotable : null;
  const quote = useTopupQuote(current, method ? method.id : null);
  const quoteShown = current !== null && method !== undefined;

  useEffect(() => saveDraft(user?.id, { amount, method: methodValue, paid }), [user?.id, amount, methodValue, paid]);

  const amountError = (problem: ReturnType<typeof checkAmount>) => (problem === 'max' ? t('topup.errors.max') : t('topup.errors.min'));

  /** Step 1 done: the exact total is known and the customer says it is sent. */
  const markPaid = () => {
    const found: Errors = {};
    const amountProblem = checkAmount(amount);
    if (amountProblem) found.amount = amountError(amountProblem);
    if (!method) found.method = t('topup.errors.method');
    if (!found.amount && !found.method && !quote.data) found.amount = t('topup.errors.quotePending');
    setErrors(found);
    if (found.amount || found.method) return;
    setPaid(true);
    window.setTimeout(() => receiptStep.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }), 0);
  };

  const selectFile = (next: File | null) => {
    if (!next) return;
    const problem = checkReceipt(next);
    if (problem) {
      // docs/spec.md §4: a rejected file clears the file and its preview.
      setFile(null);
      setErrors((value) => ({ ...value, file: t(problem === 'type' ? 'topup.errors.fileType' : 'topup.errors.fileSize') }));
      return;
    }
    setFile(next);
    setErrors((value) => ({ ...value, file: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (!paid) {
      markPaid();
      return;
    }
    if (!file) {
      setErrors({ file: t('topup.errors.file') });
      return;
    }
    if (!method || !quote.data) {
      setPaid(false);
      markPaid();
      return;
    }
    setLoading(true);
    let uploadId: number;
    try {
      uploadId = await uploadReceipt(file);
    } catch (error) {
      // docs/spec.md §8: 'File upload failed' is logged, with no dialog; the field says what the server said, by its code.
      console.warn('File upload failed', error);
      setErrors({ file: errorTextByCode(t, error) ?? serverMessage(error) ?? t('topup.errors.upload') });
      setLoading(false);
      return;
    }
    try {
      await createTopup({ amount: quote.data.amount, payment_method: method.id, upload_id: uploadId, quote: quote.data.quote }, key.current);
      key.current = newIdempotencyKey();
      // A quote backs one top-up: the next one of any amount needs a fresh quote.
      void mutate(isQuoteKey, undefined, { revalidate: false });
      setResult('success');
      setAmount('');
      setMethodValue('');
      setPaid(false);
      setFile(null);
      setFailure(undefined);
      clearDraft();
    } catch (error) {
      if (isApiError(error) && typeof error.status === 'number' && error.status < 500) key.current = newIdempotencyKey();
      // The quote was used, expired or its total is held by another request: show a new total to transfer.
      const code = errorCode(error);
      if (code === 'quote_used' || code === 'total_taken' || code === 'quote_expired') {
        void quote.mutate();
        setPaid(false);
      }
      setFailure(errorText(error));
      setResult('error');
    } finally {
      setLoading(false);
      void mutate(topupKeys.isList);
    }
  };

  const changeAmount = (value: string) => {
    setAmount(value.replace(/\D/g, ''));
    setErrors((current) => ({ ...current, amount: undefined }));
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5 rounded-3xl border border-slate-200/80 bg-white/90 p-5 shadow-xl shadow-violet-900/5 sm:p-6 dark:border-white/10 dark:bg-ink-900/80">
        <StepHeading step={1} title={t('topup.step1')} done={paid} />
        <div className="flex flex-col gap-2">
          <TextField
            label={t('topup.amount')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            readOnly={paid}
            value={amount}
            placeholder={t('topup.amountPlaceholder')}
            hint={t('topup.amountHint')}
            error={errors.amount ?? (settled === amount && settledProblem && settledProblem !== 'required' ? amountError(settledProblem) : undefined)}
            onKeyDown={(event) => {
              if (blockedAmountKeys.has(event.key)) event.preventDefault();
            }}
            onChange={(event) => changeAmount(event.target.value)}
          />
          {!paid && <AmountChips value={amount} onPick={(value) => changeAmount(String(value))} />}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={methodId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('topup.method')}
          </label>
          <select
            id={methodId}
            required
            disabled={paid}
            value={methodValue}
            aria-invalid={errors.method ? true : undefined}
            onChange={(event) => {
              setMethodValue(event.target.value);
              setErrors((value) => ({ ...value, method: undefined }));
            }}
            className={`${fieldClass} ${errors.method ? 'border-rose-400' : 'border-slate-200 dark:border-white/10'}`}
          >
            <option value="">{methods.isLoading ? t('app.loading') : t('topup.chooseMethod')}</option>
            {methods.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
          {errors.method && <p className="text-sm font-medium text-rose-600 dark:text-rose-400">{errors.method}</p>}
          {methods.error !== undefined && <p className="text-sm text-rose-600 dark:text-rose-400">{errorText(methods.error)}</p>}
        </div>
        {method && <PaymentMethodCard method={method} />}
        <QuoteSummary
          quote={quoteShown ? quote.data : undefined}
          method={method}
          loading={quoteShown && quote.isLoading}
          error={quote.error && quoteShown ? errorText(quote.error) : undefined}
          onRenew={() => {
            setPaid(false);
            void quote.mutate();
          }}
        />
        {paid ? (
          <div ref={receiptStep} className="flex scroll-mt-24 flex-col gap-5">
            <StepHeading step={2} title={t('topup.step2')} />
            <ReceiptField file={file} error={errors.file} onSelect={selectFile} />
            <Button type="submit" loading={loading} disabled={loading} className="w-full">
              {loading ? t('topup.processing') : t('topup.submit')}
            </Button>
            <Button type="button" variant="secondary" disabled={loading} onClick={() => setPaid(false)}>
              {t('topup.changeAmount')}
            </Button>
          </div>
        ) : (
          <Button type="submit" disabled={!amount || !methodValue} className="w-full">
            {t('topup.iHavePaid')}
          </Button>
        )}
      </form>
      <NotificationDialog
        open={result === 'success'}
        kind="success"
        title={t('topup.successTitle')}
        message={t('topup.successBody', { minutes: deliveryMinutes })}
        buttonLabel={returnTo ? t('topup.backToOrder') : t('topup.successButton')}
        to={returnTo ?? paths.home}
        onClose={() => setResult(null)}
      />
      <NotificationDialog
        open={result === 'error'}
        kind="error"
        title={t('topup.errorTitle')}
        message={
          <>
            <span className="block">{t('topup.errorBody')}</span>
            {failure && <span className="mt-2 block text-xs text-muted">{failure}</span>}
          </>
        }
        buttonLabel={t('topup.retry')}
        onClose={() => setResult(null)}
      />
    </>
  );
}
