/** A row of filter buttons (radio-like); scrolls inside itself on narrow screens. */
export function Segmented<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`min-h-10 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition ${
            option.value === value
              ? 'bg-ink-900 text-white dark:bg-white dark:text-ink-900'
              : 'border border-slate-200 bg-white/70 text-slate-700 hover:border-violet-300 dark:border-white/10 dark:bg-white/5 dark:text-slate-200'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
