import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { NotificationDialog } from '@/components/ui/notification-dialog';

type Form = 'login' | 'register';

type AuthFormEndProps = {
  form: Form;
  captchaRef: Ref<HTMLDivElement>;
  serverError: string;
  loading: boolean;
  icon: ReactNode;
  /** The other form: the prompt and the link to it. */
  other: { prompt: string; label: string; to: string };
};

/** The end of the login and register forms: the captcha's box, the server's error, submit, and the way to the other form. */
export function AuthFormEnd({ form, captchaRef, serverError, loading, icon, other }: AuthFormEndProps) {
  const { t } = useTranslation();
  return (
    <>
      <div ref={captchaRef} data-testid="captcha-container" />
      <FormAlert>{serverError}</FormAlert>
      <Button type="submit" loading={loading} icon={icon} className="w-full">
        {loading ? t(`auth.${form}.submitting`) : t(`auth.${form}.submit`)}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">
        {other.prompt}{' '}
        <Link to={other.to} className="font-semibold text-violet-700 hover:underline dark:text-violet-300">
          {other.label}
        </Link>
      </p>
    </>
  );
}

type AuthResultDialogsProps = {
  form: Form;
  dialog: 'success' | 'failure' | null;
  /** Where the success button leads, if anywhere. */
  successTo?: string;
  /** Only a registration ends with a success dialog; a login goes straight in. */
  onSuccessClose?: () => void;
  onFailureClose: () => void;
};

/** The 'Register Successful' dialog, and the 'Failed' one a login or a registration can end with. */
export function AuthResultDialogs({ form, dialog, successTo, onSuccessClose, onFailureClose }: AuthResultDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      {form === 'register' && (
        <NotificationDialog
          open={dialog === 'success'}
          kind="success"
          title={t('auth.register.successTitle')}
          message={t('auth.register.successBody')}
          buttonLabel={t('auth.register.successButton')}
          to={successTo}
          onClose={onSuccessClose ?? (() => undefined)}
        />
      )}
      <NotificationDialog
        open={dialog === 'failure'}
        kind="error"
        title={t(`auth.${form}.failedTitle`)}
        message={t(`auth.${form}.failedBody`)}
        buttonLabel={t(`auth.${form}.failedButton`)}
        onClose={onFailureClose}
      />
    </>
  );
}
