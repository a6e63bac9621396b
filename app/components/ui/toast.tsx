// Minimal first version; the UI work replaces it with the full toaster.
import type { ToastInput } from "~/lib/toast";
export function ToastProvider({ children }: { initial: ToastInput[]; children: React.ReactNode }) {
  return <>{children}</>;
}
