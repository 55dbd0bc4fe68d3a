/** Texts of the profile's email verification card (spec §2 Profile, §8 Resend verification). */
export const profileTexts = {
  emailTitle: 'Email Verification',
  emailVerified: 'Your email address is verified.',
  emailNotVerified:
    'Your email address is not verified yet. Verify it to receive messages about your vehicles.',
  resend: 'Resend Verification Email',
  sending: 'Sending...',
  sent: 'Email Sent',
  // Spec §8: "failure in the profile card".
  resendFailed: 'Failed to send verification email',
} as const;
