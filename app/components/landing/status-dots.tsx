import { useEffect, useState } from "react";

export type SystemStatus = { api: boolean; gateway: boolean };

/** 'ok' or 'operational' is green, anything else (an error status, no answer) is red. */
async function isHealthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { headers: { Accept: "application/json" } });
    if (!res.ok) return false;
    const body = (await res.json()) as { status?: unknown };
    return body.status === "ok" || body.status === "operational";
  } catch {
    return false;
  }
}

function Dot({ ok, label, okText }: { ok: boolean; label: string; okText: string }) {
  return (
    <li data-status={ok ? "ok" : "down"} data-label={label} data-ok-text={okText} className="flex items-center gap-2">
      <span className="relative flex size-2.5" aria-hidden="true">
        {ok ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden" />
        ) : null}
        <span className={`relative inline-flex size-2.5 rounded-full ${ok ? "bg-emerald-500" : "bg-red-500"}`} />
      </span>
      {ok ? (
        <span>{okText}</span>
      ) : (
        <span>
          <span className="sr-only">{label}: </span>
          <span>Down</span>
        </span>
      )}
    </li>
  );
}

/**
 * The landing page's two status dots (spec section 2). The server renders them from its
 * own checks; with JavaScript the browser asks GET /api/status and /api/kong/status (on the
 * landing page, which does not hydrate, through ./page-script.ts, which redraws a dot as
 * Dot does).
 */
export function StatusDots({ initial }: { initial: SystemStatus }) {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    let live = true;
    void Promise.all([isHealthy("/api/status"), isHealthy("/api/kong/status")]).then(([api, gateway]) => {
      if (live) setStatus({ api, gateway });
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <ul aria-label="System status" className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-slate-600">
      <Dot ok={status.api} label="API System" okText="API System Operational" />
      <Dot ok={status.gateway} label="Gateway" okText="Gateway Active" />
    </ul>
  );
}
