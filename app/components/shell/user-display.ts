/** How the shell names a user (spec section 2, user menu): pure, so every fallback is tested. */
export type ShellUser = {
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  role: string | null;
};

/** The first two letters of the e-mail, in upper case. */
export function avatarInitials(email: string | null | undefined): string {
  return (email ?? "").trim().slice(0, 2).toUpperCase() || "U";
}

/** The full name, else the e-mail's part before the @, else 'User'. */
export function displayName(user: { fullName?: string | null; email?: string | null }): string {
  const name = user.fullName?.trim();
  if (name) return name;
  const local = (user.email ?? "").split("@")[0]?.trim();
  return local || "User";
}

/** The role, else 'Member'. Stored roles are lower case ('admin'); shown with a capital. */
export function displayRole(role: string | null | undefined): string {
  const r = role?.trim();
  return r ? r.charAt(0).toUpperCase() + r.slice(1) : "Member";
}
