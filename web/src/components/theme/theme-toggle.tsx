import { useTranslation } from 'react-i18next';

import { IconButton } from '@/components/ui/icon-button';
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useTheme } from '@/hooks/use-theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <IconButton
      label={dark ? t('theme.toLight') : t('theme.toDark')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon className="text-gold-300" /> : <MoonIcon />}
    </IconButton>
  );
}
