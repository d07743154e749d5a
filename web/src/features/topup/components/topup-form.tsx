import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { NotificationDialog } from '@/components/ui/notification-dialog';
import { fieldClass, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { createTopup, topupKeys, uploadReceipt, usePaymentMethods, useTopupQuote } from '@/features/topup/api/topups';
import { PaymentMethodCard } from '@/features/topup/components/payment-method-card';
import { QuoteSummary } from '@/features/topup/components/quote-summary';
import { ReceiptField } from '@/features/topup/components/receipt-field';
import { blockedAmountKeys, checkAmount, checkReceipt, parseAmount } from '@/features/topup/utils/rules';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useErrorText } from '@/hooks/use-error-text';
import { keyUnder } from '@/lib/api-path';
import { errorCode, serverMessage } from '@/lib/api-errors';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/localize';

type Errors = { amount?: string; method?: string; file?: string };

const isQuoteKey = (key: unknown) => keyUnder(key, topupKeys.quotes);

/** docs/spec.md §2 top-up form: amount, method, the exact total, receipt, Submit Top-Up. */
export function TopupForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { mutate } = useSWRConfig();
  const methodId = useId();
  const [amount, setAmount] = useState('');
  const [methodValue, setMethodValue] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<'success' | 'error' | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const key = useRef(newIdempotencyKey());

  const methods = usePaymentMethods();
  const method = methods.data?.find((item) => String(item.id) === methodValue);
  const settled = useDebouncedValue(amount, 400);
  const quotable = checkAmount(settled) === null ? parseAmount(settled) : null;
  const current = parseAmount(amount) === quotable ? quotable : null;
  const quote = useTopupQuote(current);

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
    const found: Errors = {};
    const amountProblem = checkAmount(amount);
    if (amountProblem) found.amount = t(amountProblem === 'max' ? 'topup.errors.max' : 'topup.errors.min');
    if (!method) found.method = t('topup.errors.method');
    if (!file) found.file = t('topup.errors.file');
    setErrors(found);
    if (found.amount || found.method || found.file || !method || !file) return;
    if (!quote.data) {
      found.amount = t('topup.errors.quotePending');
      setErrors(found);
      return;
    }
    setLoading(true);
    let uploadId: number;
    try {
      uploadId = await uploadReceipt(file);
    } catch (error) {
      // docs/spec.md §8: 'File upload failed' is logged, with no dialog; the field says what the server said.
      console.warn('File upload failed', error);
      setErrors({ file: serverMessage(error) ?? t('topup.errors.upload') });
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
      setFile(null);
      setFailure(undefined);
    } catch (error) {
      if (isApiError(error) && typeof error.status === 'number' && error.status < 500) key.current = newIdempotencyKey();
      // The quote was used or its total is held by another request: show a new total to transfer.
      const code = errorCode(error);
      if (code === 'quote_used' || code === 'total_taken') void quote.mutate();
      setFailure(errorText(error));
      setResult('error');
    } finally {
      setLoading(false);
      void mutate(topupKeys.list);
    }
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5 rounded-3xl border border-slate-200/80 bg-white/90 p-5 shadow-xl shadow-violet-900/5 sm:p-6 dark:border-white/10 dark:bg-ink-900/80">
        <TextField
          label={t('topup.amount')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          value={amount}
          placeholder={t('topup.amountPlaceholder')}
          hint={t('topup.amountHint')}
          error={errors.amount}
          onKeyDown={(event) => {
            if (blockedAmountKeys.has(event.key)) event.preventDefault();
          }}
          onChange={(event) => {
            setAmount(event.target.value.replace(/\D/g, ''));
            setErrors((value) => ({ ...value, amount: undefined }));
          }}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={methodId} className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            {t('topup.method')}
          </label>
          <select
            id={methodId}
            required
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
        <QuoteSummary quote={current === null ? undefined : quote.data} loading={current !== null && quote.isLoading} error={quote.error && current !== null ? errorText(quote.error) : undefined} />
        <ReceiptField file={file} error={errors.file} onSelect={selectFile} />
        <Button type="submit" loading={loading} disabled={!amount || !methodValue || loading} className="w-full">
          {loading ? t('topup.processing') : t('topup.submit')}
        </Button>
      </form>
      <NotificationDialog
        open={result === 'success'}
        kind="success"
        title={t('topup.successTitle')}
        message={t('topup.successBody')}
        buttonLabel={t('topup.successButton')}
        to={paths.home}
        onClose={() => setResult(null)}
      />
      <NotificationDialog
        open={result === 'error'}
        kind="error"
        title={t('topup.errorTitle')}
        message={
          <>
            <span className="block">{t('topup.errorBody')}</span>
            {failure && <span className="mt-2 block text-xs text-slate-500 dark:text-slate-400">{failure}</span>}
          </>
        }
        buttonLabel={t('topup.retry')}
        onClose={() => setResult(null)}
      />
    </>
  );
}
