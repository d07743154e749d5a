/**
 * Grid lines with violet and blue glows, fixed behind all content.
 *
 * Every glow is a radial gradient that fades to transparent inside its own
 * box (index.css .page-glow), and none reaches past the layer's bottom edge.
 * Blurred discs cut off by that edge drew a hard line across the cards
 * wherever the page is drawn taller than the screen (full-page screenshots,
 * issue 25); gradients also cost far less to paint on a phone than a 64 px blur.
 */
export function PageBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="bg-grid absolute inset-0" data-testid="page-grid" />
      <div className="page-glow absolute -top-56 left-1/2 h-[36rem] w-[52rem] -translate-x-[70%] [--glow:var(--color-violet-500)] dark:[--glow:var(--color-violet-600)]" />
      <div className="page-glow absolute -top-40 left-1/2 h-[30rem] w-[44rem] -translate-x-[10%] [--glow:var(--color-sky-400)] [--glow-alpha:20%] dark:[--glow:var(--color-blue-600)]" />
      <div className="page-glow absolute right-[-14rem] bottom-0 h-[18rem] w-[34rem] [--glow:var(--color-violet-400)] [--glow-alpha:15%] dark:[--glow:var(--color-indigo-700)] dark:[--glow-alpha:20%]" />
    </div>
  );
}
