import { useId } from 'react';

/**
 * The Shwe Top-Up logo: a gold gem on a violet tile, plus the wordmark
 * (gold "Shwe", violet "Top-Up"). Decorative: the surrounding link is named.
 */
export function Logo({ showWordmark = true }: { showWordmark?: boolean }) {
  const id = useId();
  const tile = `${id}-tile`;
  const gem = `${id}-gem`;
  const gold = `${id}-gold`;
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 36 36" className="size-9 shrink-0 drop-shadow-sm" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={tile} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#4338ca" />
          </linearGradient>
          <linearGradient id={gem} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fde7a3" />
            <stop offset="0.55" stopColor="#f7bd35" />
            <stop offset="1" stopColor="#c7800c" />
          </linearGradient>
        </defs>
        <rect width="36" height="36" rx="10" fill={`url(#${tile})`} />
        <path d="M9 14.5 13.5 8.5h9l4.5 6L18 28.5Z" fill={`url(#${gem})`} />
        <path d="M13.5 8.5h9L20 14.5h-4Z" fill="#fff4d1" opacity="0.75" />
        <path
          d="M9 14.5h18M13.5 8.5l2.5 6 2 14M22.5 8.5 20 14.5l-2 14"
          fill="none"
          stroke="#9c5f0e"
          strokeOpacity="0.5"
          strokeWidth="0.9"
          strokeLinejoin="round"
        />
      </svg>
      {showWordmark && (
        <svg viewBox="0 0 132 28" className="hidden h-6 w-auto sm:block" aria-hidden="true" focusable="false">
          <defs>
            <linearGradient id={gold} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#fbd46b" />
              <stop offset="1" stopColor="#c7800c" />
            </linearGradient>
          </defs>
          <text
            x="0"
            y="21"
            fontFamily="'Inter Variable', ui-sans-serif, system-ui, sans-serif"
            fontSize="21"
            fontWeight="800"
            textLength="132"
            lengthAdjust="spacingAndGlyphs"
          >
            <tspan fill={`url(#${gold})`}>Shwe</tspan>
            <tspan dx="5" className="fill-violet-700 dark:fill-violet-300">
              Top-Up
            </tspan>
          </text>
        </svg>
      )}
    </span>
  );
}
