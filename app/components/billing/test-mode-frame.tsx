import { Logo } from "~/components/ui/logo";

/** The frame of the local test-mode checkout and portal pages: unmistakably not a real payment page. */
export function TestModeFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-10 sm:px-6">
      <p
        role="note"
        className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-2 text-center text-sm font-bold tracking-wide text-amber-900 uppercase"
      >
        TEST MODE: no real payment is taken
      </p>
      <p className="mt-8">
        <Logo />
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}
