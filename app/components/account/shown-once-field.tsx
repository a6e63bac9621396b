import { useState } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { useHydrated } from "~/components/ui/form";

/**
 * A credential shown only once (a new API key, a webhook's signing secret): a read-only
 * field that selects itself on focus, so it can be copied without JavaScript, and with
 * JavaScript a copy button that says when the text is on the clipboard.
 */
export function ShownOnceField({ id, label, value, noun }: { id: string; label: string; value: string; noun: "key" | "secret" }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full min-w-0 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass("secondary", "md", "shrink-0")}
            onClick={() => void navigator.clipboard.writeText(value).then(() => setCopied(true))}
          >
            {copied ? "Copied" : `Copy ${noun}`}
          </button>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-emerald-900" role="status">
        {copied ? `The ${noun} is on your clipboard.` : ""}
      </p>
    </>
  );
}
