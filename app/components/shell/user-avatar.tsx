import { avatarInitials, type ShellUser } from "./user-display";

export function UserAvatar({ user, className = "size-9 text-sm" }: { user: ShellUser; className?: string }) {
  if (user.avatarUrl) {
    return <img src={user.avatarUrl} alt="" className={`shrink-0 rounded-full object-cover ${className}`} />;
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initials"
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white ${className}`}
    >
      {avatarInitials(user.email)}
    </span>
  );
}
