/** What the auth screens say. The first group is the spec's own wording (sections 4 and 8). */
export const AUTH_TEXT = {
  signedIn: "Successfully signed in!",
  accountCreated: "Account created! Please check your email to verify your account.",
  resetEmailSent: "Password reset email sent! Please check your inbox.",
  unexpected: "An unexpected error occurred",
  resetLinkMissing: "Invalid or missing reset token. Please request a new password reset.",
  resetLinkInvalid: "Invalid reset token. Please request a new password reset.",
  resetValidateFailed: "Failed to validate reset token. Please try again.",
  resetFailed: "Failed to reset password. Please try again.",
  resetSuccessTitle: "Success",
  resetSuccessDescription: "Your password has been reset successfully!",
  resetErrorTitle: "Error",
  oauthFailed: (provider: string) => `${provider} authentication failed`,

  // Ours, where the spec is silent.
  invalidCredentials: "Invalid email or password",
  emailNotVerified: "Please verify your email address before signing in. Check your inbox for the link we sent you.",
  verificationSent: "Verification email sent! Please check your inbox.",
  verifyLinkInvalid: "This verification link is invalid or has already been used.",
  verifyLinkExpired: "This verification link has expired.",
  emailVerifiedTitle: "Email verified",
  emailVerifiedDescription: "Welcome to Atelier!",
  oauthNotConfigured: (provider: string) => `${provider} sign-in is not configured on this server.`,
  oauthNoVerifiedEmail: (provider: string) =>
    `Your ${provider} account has no verified email address. Verify one with ${provider}, or sign up with email and password.`,
} as const;
