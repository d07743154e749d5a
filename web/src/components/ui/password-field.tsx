import { useState, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: string; error?: string };

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
          className="inline-flex size-10 items-center justify-center rounded-lg text-muted transition hover:text-violet-700 dark:text-slate-400 dark:hover:text-violet-300"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
