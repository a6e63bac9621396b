import { forwardRef } from "react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-styles";

/** The shared variants, plus "outline" (an alias of secondary) and "danger" for destructive actions. */
export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant | "outline" | "danger";
  size?: ButtonSize;
};

const DANGER = "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600";

function classesFor(variant: ButtonProps["variant"], size: ButtonSize | undefined, extra: string): string {
  if (variant === "outline") return buttonClass("secondary", size, extra);
  // button-styles has no destructive look: the primary one with its brand colours swapped for red.
  if (variant === "danger") return `${buttonClass("primary", size, extra).replace(/\S*brand-\d+/g, "")} ${DANGER}`;
  return buttonClass(variant, size, extra);
}

/**
 * A button with the shared look of ./button-styles (links styled as buttons use the
 * same classes). `type` defaults to "button", so only an explicit submit submits a form.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className = "", type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={classesFor(variant, size, className)} {...props} />;
});
