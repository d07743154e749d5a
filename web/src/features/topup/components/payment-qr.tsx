import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { qrText } from '@/features/topup/utils/qr-text';

/** The dark modules of a QR code as one SVG path, a 1×1 square each, inside a 4-module quiet zone. */
function modulesPath(size: number, dark: (row: number, col: number) => boolean): string {
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (dark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return d;
}

type Drawn = { text: string; size: number; path: string };

/**
 * The receiving account's number as a QR code (issue 25, "Top-up form").
 * The encoder is loaded on first use, so pages without a top-up form do not
 * pay for it.
 */
export function PaymentQr({ phone, methodName }: { phone: string; methodName: string }) {
  const { t } = useTranslation();
  const text = qrText(phone);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      if (live) setDrawn({ text, size: modules.size, path: modulesPath(modules.size, (row, col) => modules.get(row, col) === 1) });
    });
    return () => {
      live = false;
    };
  }, [text]);
  const label = t('topup.qrLabel', { method: methodName, phone: text });
  if (!text || drawn?.text !== text) return <span className="size-28 shrink-0 rounded-xl bg-white" aria-hidden="true" />;
  const box = drawn.size + 8;
  return (
    <figure className="ml-auto flex shrink-0 flex-col items-center gap-1">
      <svg role="img" aria-label={label} viewBox={`0 0 ${box} ${box}`} className="size-28 rounded-xl bg-white" shapeRendering="crispEdges">
        <rect width={box} height={box} fill="#fff" />
        <path d={drawn.path} fill="#000" data-testid="qr-modules" />
      </svg>
      <figcaption className="max-w-28 text-center text-xs text-slate-600 dark:text-slate-300">{t('topup.qrHint')}</figcaption>
    </figure>
  );
}
