import { useLocation } from "@remix-run/react";
import { buttonClass, type ButtonVariant } from "~/components/ui/button-styles";

/**
 * A button that loads the current page again. Without JavaScript it is a GET form to
 * the same address (query kept), i.e. a real reload. With JavaScript `onRetry`, when
 * given, replaces the reload (e.g. revalidating the loaders to clear an error).
 */
export function ReloadForm({ label, onRetry, variant = "primary" }: { label: string; onRetry?: () => void; variant?: ButtonVariant }) {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)];
  return (
    <form
      method="get"
      action={location.pathname}
      onSubmit={
        onRetry
          ? (event) => {
              event.preventDefault();
              onRetry();
            }
          : undefined
      }
    >
      {params.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClass(variant)}>
        {label}
      </button>
    </form>
  );
}
