import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { saveReceiptRules, useReceiptRules } from '@/features/admin/api/receipt-rules';
import type { ReceiptRules, ReuseRule } from '@/features/admin/api/types';
import { Badge } from '@/features/admin/components/common/badge';
import { PageHeader, Panel } from '@/features/admin/components/common/panel';
import { FormError, QueryState } from '@/features/admin/components/common/query-state';
import { useAction } from '@/hooks/use-action';
import { fieldError } from '@/lib/api-errors';

const reuseRules: ReuseRule[] = ['block', 'warn'];

/** The operator's rules of the receipt checks: per payment method, what a re-used transaction ID does; the near-duplicate threshold. */
export function ReceiptRulesPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useReceiptRules();
  return (
    <>
      <PageHeader title={t('admin.receiptRules.title')} subtitle={t('admin.receiptRules.subtitle')} />
      <QueryState loading={isLoading} error={error} retry={() => void mutate()}>
        {data && <RulesForm rules={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />}
      </QueryState>
    </>
  );
}

function RulesForm({ rules, onSaved }: { rules: ReceiptRules; onSaved: (saved: ReceiptRules) => void }) {
  const { t } = useTranslation();
  const [threshold, setThreshold] = useState(String(rules.near_duplicate_threshold));
  const [byMethod, setByMethod] = useState<Record<number, ReuseRule>>(() => Object.fromEntries(rules.payment_methods.map((method) => [method.id, method.reused_transaction_id])));
  const [localError, setLocalError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const { run, pending, error } = useAction();

  const limits = { min: rules.threshold_min.toFixed(2), max: rules.threshold_max.toFixed(2), default: rules.threshold_default.toFixed(2) };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const value = Number(threshold);
    if (threshold.trim() === '' || !Number.isFinite(value) || value < rules.threshold_min || value > rules.threshold_max) {
      setLocalError(t('admin.receiptRules.thresholdHint', limits));
      return;
    }
    setLocalError(undefined);
    const answer = await run(() =>
      saveReceiptRules({
        near_duplicate_threshold: value,
        payment_methods: rules.payment_methods.map((method) => ({ id: method.id, reused_transaction_id: byMethod[method.id] ?? 'block' })),
      }),
    );
    if (answer) {
      setSaved(true);
      onSaved(answer);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4 xl:grid-cols-2" noValidate>
      <Panel title={t('admin.receiptRules.reuseTitle')}>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('admin.receiptRules.reuseHint')}</p>
        <div className="flex flex-col gap-3">
          {rules.payment_methods.map((method) => (
            <fieldset key={method.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 dark:border-white/10">
              <legend className="sr-only">{method.name}</legend>
              <span aria-hidden="true" className="flex items-center gap-2 font-semibold">
                {method.name}
                {!method.is_active && <Badge>{t('admin.receiptRules.inactive')}</Badge>}
              </span>
              <div className="flex gap-2">
                {reuseRules.map((rule) => (
                  <label
                    key={rule}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-200 px-4 text-sm font-semibold has-[:checked]:border-violet-600 has-[:checked]:bg-violet-600 has-[:checked]:text-white dark:border-white/10"
                  >
                    <input
                      type="radio"
                      className="size-4 accent-white"
                      name={`reuse-${method.id}`}
                      value={rule}
                      checked={(byMethod[method.id] ?? 'block') === rule}
                      onChange={() => setByMethod((current) => ({ ...current, [method.id]: rule }))}
                    />
                    {t(`admin.receiptRules.${rule}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      </Panel>
      <Panel title={t('admin.receiptRules.thresholdTitle')} className="self-start">
        <TextField
          label={t('admin.receiptRules.threshold')}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={rules.threshold_min}
          max={rules.threshold_max}
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
          hint={t('admin.receiptRules.thresholdHint', limits)}
          error={localError ?? fieldError(error, 'near_duplicate_threshold')}
        />
        <div className="mt-4 flex flex-col gap-2">
          <Button type="submit" loading={pending}>
            {t('admin.receiptRules.save')}
          </Button>
          {saved && (
            <p role="status" className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
              {t('admin.receiptRules.saved')}
            </p>
          )}
          {!fieldError(error, 'near_duplicate_threshold') && <FormError error={error} />}
        </div>
      </Panel>
    </form>
  );
}
