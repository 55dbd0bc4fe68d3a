import { icu, texts } from '../../../shared/i18n/texts.js';

/** Texts of the auth screens that only the client shows (the shared ones are authTexts in src/shared/auth). */
export const authScreenTexts = texts('authScreens', {
  missingInformation: 'Missing information',
  accountCreated: 'Account created!',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  registrationFailedFallback: 'Failed to create account',
  resetEmailSentTitle: 'Check your email',
  forgotPasswordFailedFallback: 'Failed to send reset email',
  invalidResetLinkTitle: 'Invalid reset link',
  resetFailed: 'Reset failed',
  resetFailedFallback: 'Failed to reset password. The link may be expired.',
  resendFailed: 'Failed to send email',
  resendFailedFallback: 'Please try again later',
  resendSent: 'Verification email sent',
  passwordHint: 'At least 8 characters, with an uppercase letter, a lowercase letter and a digit.',

  // The sign-in and sign-up forms (spec §2 Auth).
  signIn: 'Sign In',
  signUp: 'Sign Up',
  signInHeading: 'Sign in to your account',
  signUpHeading: 'Create your account',
  signInIntro: 'Read and answer the messages about your vehicles.',
  signUpIntro: 'Register your vehicles and receive anonymous messages.',
  email: 'Email',
  password: 'Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  rememberMe: 'Remember me',
  signingIn: 'Signing In...',
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account...',
  continueWith: icu<{ provider: string }>('Continue with {provider}'),
  or: 'or',

  // Forgot password (spec §5).
  forgotPasswordLink: 'Forgot your password?',
  forgotPasswordTitle: 'Forgot your password',
  forgotPasswordDescription: "Enter your email address and we'll send you a link to reset your password.",
  cancel: 'Cancel',
  sending: 'Sending...',
  sendResetLink: 'Send Reset Link',

  // Reset password (spec §2 Reset password).
  resetTitle: 'Reset Password',
  resetHeading: 'Reset Your Password',
  resetIntro: 'Choose a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  resetting: 'Resetting...',
  resetComplete: 'Password Reset Complete',
  continueToLogin: 'Continue to Login',
  // The reset form's problem titles (spec §5 Reset password).
  missingPasswordTitle: 'Missing password',
  passwordsDontMatchTitle: "Passwords don't match",
  passwordTooShortTitle: 'Password too short',
  passwordTooWeakTitle: 'Password too weak',
  error: 'Error',

  // Email verification (spec §2 Overrides).
  verifyTitle: 'Verify Your Email',
  verifyIntro:
    'Please verify your email address before using the app. Verification prevents spam and ensures your messages are delivered.',
  verifySentTo: 'We sent a verification link to:',
  verifyYourAddress: 'your email address',
  verifySteps: [
    'Check your inbox (and your spam folder) for our email.',
    'Click the verification link in the email.',
    'Return here and refresh the page.',
  ],
  emailSent: 'Email Sent',
  resendVerification: 'Resend Verification Email',
  verifiedRefresh: "I've Verified - Refresh Page",
  backToLogin: 'Back to Login',

  // Home's greeting (docs/decisions/0060-client-home-greeting.md).
  greeting: icu<{ name: string }>('Hi, {name}'),
  greetingWithoutName: 'Hi there',
});
