/** Grid lines with violet and blue glows, fixed behind all content. */
export function PageBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="bg-grid absolute inset-0" data-testid="page-grid" />
      <div className="absolute -top-40 left-1/2 h-[28rem] w-[44rem] -translate-x-[70%] rounded-full bg-violet-500/25 blur-3xl dark:bg-violet-600/25" />
      <div className="absolute -top-24 left-1/2 h-[22rem] w-[36rem] -translate-x-[10%] rounded-full bg-sky-400/20 blur-3xl dark:bg-blue-600/20" />
      <div className="absolute right-[-10rem] bottom-[-12rem] h-[26rem] w-[26rem] rounded-full bg-violet-400/15 blur-3xl dark:bg-indigo-700/20" />
    </div>
  );
}
