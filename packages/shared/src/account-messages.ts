/** The server's success messages of the visitor's account forms; a plain form post's next page shows them too. */
export const ACCOUNT_MESSAGES = {
  registered: "Registration successful. Please sign in.",
  resetSent: "If an account exists for this email, we have sent a link to reset the password.",
  passwordReset: "Your password has been reset. Please sign in with your new password.",
} as const;
