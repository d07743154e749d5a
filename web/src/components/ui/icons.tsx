import type { ReactNode } from 'react';

import { Icon, type IconProps } from '@/components/ui/icon';

// The app's icons (interface and store), each drawn in the shared Icon wrapper.

/** An icon component drawing `shape` in the Icon wrapper. */
function defineIcon(shape: ReactNode, options: { filled?: boolean } = {}) {
  return function DefinedIcon(props: IconProps) {
    return (
      <Icon filled={options.filled} {...props}>
        {shape}
      </Icon>
    );
  };
}

export const SunIcon = defineIcon(<>
  <circle cx="12" cy="12" r="4" />
  <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
</>);

export const MoonIcon = defineIcon(<path d="M20.5 14.1A8.5 8.5 0 0 1 9.9 3.5a8.5 8.5 0 1 0 10.6 10.6Z" />);

export const MenuIcon = defineIcon(<path d="M4 7h16M4 12h16M4 17h10" />);

export const CloseIcon = defineIcon(<path d="M6 6l12 12M18 6 6 18" />);

export const BellIcon = defineIcon(<>
  <path d="M6 8a6 6 0 1 1 12 0c0 6 2.5 8 2.5 8h-17S6 14 6 8Z" />
  <path d="M10 20a2.2 2.2 0 0 0 4 0" />
</>);

export const WalletIcon = defineIcon(<>
  <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
  <rect x="4" y="8" width="16" height="11" rx="2.5" />
  <circle cx="16" cy="13.5" r="1.2" fill="currentColor" stroke="none" />
</>);

export const HomeIcon = defineIcon(<>
  <path d="M4 11 12 4l8 7" />
  <path d="M6 9.5V20h12V9.5" />
  <path d="M10 20v-5h4v5" />
</>);

export const SearchIcon = defineIcon(<>
  <circle cx="11" cy="11" r="6.5" />
  <path d="m20 20-4.2-4.2" />
</>);

export const GlobeIcon = defineIcon(<>
  <circle cx="12" cy="12" r="9" />
  <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9S14.5 18.4 12 21c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
</>);

export const EyeIcon = defineIcon(<path d='M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z' />);

export const EyeOffIcon = defineIcon(<path d='M3 3l18 18M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3 3.9M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.8 9.8 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2' />);

export const CheckCircleIcon = defineIcon(<path d='M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0ZM8 12.5l2.7 2.7L16.5 9' />);

export const AlertIcon = defineIcon(<path d='M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z' />);

export const InfoIcon = defineIcon(<path d='M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0ZM12 16v-4M12 8h.01' />);

export const ErrorIcon = defineIcon(<path d='M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0ZM15 9l-6 6M9 9l6 6' />);

export const LogoutIcon = defineIcon(<path d='M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9' />);

export const LoginIcon = defineIcon(<path d='M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3' />);

export const UserPlusIcon = defineIcon(<path d='M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM19 8v6M22 11h-6' />);

export const GamepadIcon = defineIcon(<path d='M6 11h4M8 9v4M15 12h.01M18 10h.01M17.3 5H6.7a4 4 0 0 0-4 3.6l-.7 6.6A2.8 2.8 0 0 0 6.8 17l2.2-2h6l2.2 2a2.8 2.8 0 0 0 4.8-1.8l-.7-6.6A4 4 0 0 0 17.3 5Z' />);

export const PlusCircleIcon = defineIcon(<path d='M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0ZM12 8v8M8 12h8' />);

export const SettingsIcon = defineIcon(<path d='M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 3 14.1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10 3.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.1a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z' />);

export const MapPinIcon = defineIcon(<path d='M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 1 1 16 0ZM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z' />);

export const ShieldIcon = defineIcon(<path d='M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10ZM9 12l2 2 4-4' />);

export const ArrowLeftIcon = defineIcon(<path d='M19 12H5M12 19l-7-7 7-7' />);

export const WifiOffIcon = defineIcon(<path d='M2 2l20 20M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2-1.5M2 8.8a15 15 0 0 1 4.2-2.7M22 8.8A15 15 0 0 0 10.7 5M12 20h.01' />);

export const MessageIcon = defineIcon(<path d='M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z' />);

export const LockIcon = defineIcon(<path d='M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4' />);

export const FacebookIcon = defineIcon(<path d="M14 8V6.5c0-.8.2-1.3 1.4-1.3H17V2.2A22 22 0 0 0 14.6 2C12.3 2 10.8 3.4 10.8 6v2H8.2v3.3h2.6V22H14V11.3h2.6L17 8Z" />, { filled: true });

export const TelegramIcon = defineIcon(<path d="M21.9 4.6 18.8 19.3c-.2 1-.8 1.3-1.7.8l-4.6-3.4-2.2 2.1c-.3.3-.5.5-1 .5l.3-4.7 8.6-7.8c.4-.3-.1-.5-.6-.2L6.9 13.3l-4.6-1.4c-1-.3-1-1 .2-1.5L20.5 3.4c.8-.3 1.6.2 1.4 1.2Z" />, { filled: true });

export const TikTokIcon = defineIcon(<path d="M16.6 2h-3.3v13.4a2.9 2.9 0 1 1-2-2.7V9.3a6.2 6.2 0 1 0 5.3 6.1V8.6a7.9 7.9 0 0 0 4.6 1.5V6.8a4.6 4.6 0 0 1-4.6-4.6Z" />, { filled: true });

export const ViberIcon = defineIcon(<>
  <path d="M12 3c5 0 8.5 2.8 8.5 7.5S17 18 12 18c-.9 0-1.7-.1-2.5-.3L6 20.5v-3.6C4.3 15.6 3.5 13.3 3.5 10.5 3.5 5.8 7 3 12 3Z" />
  <path d="M9.6 7.6c.3-.3.8-.3 1 .1l.7 1c.2.3.1.7-.2.9l-.4.3c.4.9 1.1 1.6 2 2l.3-.4c.2-.3.6-.4.9-.2l1 .7c.4.2.4.7.1 1-.9.9-2.4.8-3.7-.4-1.4-1.2-2.1-3.3-1.7-5Z" />
</>);

export const PhoneIcon = defineIcon(<path d="M5 3.5h3l1.5 4-2 1.3a11 11 0 0 0 5.7 5.7l1.3-2 4 1.5v3a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 3 5.7a2 2 0 0 1 2-2.2Z" />);

export const BoltIcon = defineIcon(<path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />);

export const SmartphoneIcon = defineIcon(<path d="M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1ZM11 18h2" />);

export const GemIcon = defineIcon(<path d="M6 3h12l4 6-10 12L2 9l4-6ZM2 9h20M12 21 8 9l4-6 4 6-4 12" />);

export const RocketIcon = defineIcon(<path d="M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1ZM12 15l-3-3a22 22 0 0 1 2-4A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2ZM9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5" />);

export const HeadsetIcon = defineIcon(<path d="M3 18v-6a9 9 0 0 1 18 0v6M21 19a2 2 0 0 1-2 2h-1v-7h3v5ZM3 19a2 2 0 0 0 2 2h1v-7H3v5Z" />);

export const TrashIcon = defineIcon(<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />);

export const UploadIcon = defineIcon(<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />);

export const ImageIcon = defineIcon(<path d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01" />);

export const CartIcon = defineIcon(<path d="M3 3h2l2.4 12.4a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L21 8H6M10 21h.01M18 21h.01" />);

export const ChevronLeftIcon = defineIcon(<path d="M15 18l-6-6 6-6" />);

export const ChevronRightIcon = defineIcon(<path d="M9 18l6-6-6-6" />);

export const ClockIcon = defineIcon(<path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20ZM12 6v6l4 2" />);

export const FlameIcon = defineIcon(<path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3.3.3 1.3 1.3 2.8 2.5 2.8Z" />);

export const KeyIcon = defineIcon(<path d="M15.5 7.5 19 4M21 2l-2 2 3 3-3.5 3.5-3-3M11.4 12.6a5.5 5.5 0 1 1-7.8 7.8 5.5 5.5 0 0 1 7.8-7.8Z" />);

export const ReceiptIcon = defineIcon(<path d="M4 2v20l3-2 3 2 3-2 3 2 3-2 1 .7V2l-1 .7-3-2-3 2-3-2-3 2-3-2ZM8 8h8M8 12h8M8 16h5" />);
