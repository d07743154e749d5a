import type { SVGProps } from 'react';

// Decorative 24px icons; the control that uses one supplies the accessible name.
export type IconProps = SVGProps<SVGSVGElement>;

const stroked = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '1.8',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The one svg wrapper every icon draws in: outlined strokes, or a filled shape (brand marks). */
export function Icon({ filled = false, children, ...props }: IconProps & { filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" {...(filled ? { fill: 'currentColor' } : stroked)} aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}
