import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { ApiError } from '../../lib/api';
import { loginErrorView, registerErrorView, signInErrorView } from './auth-errors';

describe('auth error views', () => {
  it("titles a login failure 'Login Failed' with the server's message", () => {
    expect(
      loginErrorView(new ApiError(401, AUTH_MESSAGES.invalidCredentials, 'invalid_credentials')),
    ).toEqual({
      title: 'Login Failed',
      message: 'Invalid staff ID or password',
    });
  });
  it("uses 'Login failed' when the server gave no message, and the network wording offline", () => {
    expect(loginErrorView(new ApiError(500, '')).message).toBe('Login failed');
    expect(loginErrorView(new ApiError(0, '', 'network_error')).message).toBe(
      'Failed to login. Please try again.',
    );
  });
  it("shows an inactive account as 'Account Inactive'", () => {
    expect(loginErrorView(new ApiError(403, AUTH_MESSAGES.inactive, 'account_inactive'))).toEqual({
      title: 'Account Inactive',
      message: 'Your account has been deactivated. Please contact an administrator for assistance.',
    });
  });
  it("titles registration failures 'Registration Failed'", () => {
    expect(registerErrorView(new ApiError(409, AUTH_MESSAGES.staffIdTaken))).toEqual({
      title: 'Registration Failed',
      message: 'An account with this staff ID already exists',
    });
    expect(registerErrorView(new ApiError(0, '')).message).toBe('Failed to register. Please try again.');
  });
  it('maps the ?error= of a Google sign-in', () => {
    expect(signInErrorView('Something broke').title).toBe('Authentication Error');
    expect(signInErrorView(AUTH_MESSAGES.inactive).title).toBe('Account Inactive');
    expect(signInErrorView('').message).toBe('Failed to sign in. Please try again.');
  });
});
