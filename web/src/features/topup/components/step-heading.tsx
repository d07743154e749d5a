import { CheckCircleIcon } from '@/components/ui/icons';

/** "1 Pay the exact total" / "2 Upload the receipt": where the customer is in the top-up. */
export function StepHeading({ step, title, done = false }: { step: number; title: string; done?: boolean }) {
  return (
    <h2 className="flex items-center gap-2 text-base font-bold text-slate-900 dark:text-slate-50">
      <span
        aria-hidden="true"
        className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-black ${
          done ? 'bg-emerald-600 text-white' : 'bg-violet-600 text-white'
        }`}
      >
        {done ? <CheckCircleIcon className="size-4" /> : step}
      </span>
      {title}
    </h2>
  );
}
