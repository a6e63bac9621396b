/** Shared by server (flash cookie) and client (toast provider). No server imports here. */
export type ToastVariant = "default" | "success" | "error" | "warning" | "info";

export type ToastInput = {
  id?: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 0 or less keeps the toast until dismissed. Default 5000. */
  duration?: number;
  dismissible?: boolean;
  /** A link-style action (works without JavaScript). */
  action?: { label: string; href: string };
};

export const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_EXIT_MS = 200;
