import { AUTH_MESSAGES } from '../../../contracts/auth-messages';
import { ApiError, errorMessage } from '../../lib/api';

/** A titled error box's contents. */
export interface ErrorView {
  title: string;
  message: string;
}

/** Staff login failure -> 'Login Failed' with the server's message, or 'Account Inactive' (docs/product.md §5, §8). */
export function loginErrorView(error: unknown): ErrorView {
  if (error instanceof ApiError && error.code === 'account_inactive') {
    return { title: 'Account Inactive', message: error.message || AUTH_MESSAGES.inactive };
  }
  return {
    title: 'Login Failed',
    message: errorMessage(error, { failed: 'Login failed', network: 'Failed to login. Please try again.' }),
  };
}

/** Registration failure -> 'Registration Failed' with the server's message. */
export function registerErrorView(error: unknown): ErrorView {
  return {
    title: 'Registration Failed',
    message: errorMessage(error, {
      failed: 'Registration failed',
      network: 'Failed to register. Please try again.',
    }),
  };
}

/** The ?error= a Google sign-in came back with -> 'Authentication Error', or 'Account Inactive'. */
export function signInErrorView(message: string): ErrorView {
  if (message === AUTH_MESSAGES.inactive) return { title: 'Account Inactive', message };
  return { title: 'Authentication Error', message: message || 'Failed to sign in. Please try again.' };
}

export const FORGOT_PASSWORD_FALLBACKS = {
  failed: 'Failed to send reset email',
  network: 'Failed to process request. Please try again.',
};
export const RESET_PASSWORD_FALLBACKS = {
  failed: 'Failed to reset password',
  network: 'Failed to reset password. Please try again.',
};
export const VERIFY_EMAIL_FALLBACKS = {
  failed: 'Failed to verify email',
  network: 'Failed to verify email. Please try again.',
};
