export function TrustStrip({ teams }: { teams: string[] }) {
  return (
    <section aria-labelledby="trust-title" className="border-y border-slate-200 bg-white py-10">
      <div className="lp-container">
        <h2 id="trust-title" className="text-center text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Trusted by Modern Teams
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {teams.map((name) => (
            <li key={name} className="text-lg font-semibold tracking-tight text-slate-500">
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
