/** The Atelier mark and word; with `wordmark` false the name is kept for screen readers only. */
export function Logo({
  className = "",
  wordmark = true,
  wordmarkClassName = "",
}: {
  className?: string;
  wordmark?: boolean;
  /** e.g. hide the word at some breakpoint while the mark stays */
  wordmarkClassName?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M9 23l7-14 7 14M11.8 18h8.4" fill="none" stroke="white" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {wordmark ? <span className={`text-lg ${wordmarkClassName}`}>Atelier</span> : <span className="sr-only">Atelier</span>}
    </span>
  );
}
