import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function linkEmail(
  to: string,
  subject: string,
  greeting: string,
  lead: string,
  action: string,
  url: string,
  footer: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${greeting}\n\n${lead}\n\n${action}: ${url}\n\n${footer}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}

export function verificationEmail(to: string, name: string, appUrl: string, token: string): MailMessage {
  return linkEmail(
    to,
    'Verify your email for the CHL back-office',
    `Hello ${name},`,
    'Please confirm your email address to finish creating your staff account.',
    'Verify your email',
    `${appUrl}/verify-email?token=${encodeURIComponent(token)}`,
    'This link expires in 24 hours. If you did not register, ignore this email.',
  );
}

export function passwordResetEmail(to: string, name: string, appUrl: string, token: string): MailMessage {
  return linkEmail(
    to,
    'Reset your CHL back-office password',
    `Hello ${name},`,
    'Someone asked to reset the password of your staff account.',
    'Choose a new password',
    `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
    'This link expires in 1 hour and works once. If you did not ask for it, ignore this email.',
  );
}

/** Someone registered with an address that already has an account: its owner hears, nobody else. */
export function accountExistsEmail(to: string, name: string, appUrl: string): MailMessage {
  return linkEmail(
    to,
    'Someone tried to register with your email at the CHL back-office',
    `Hello ${name},`,
    'Someone tried to register a new staff account with this email address, which already has an account. If it was you, sign in with your staff ID, or reset your password if you have forgotten it.',
    'Reset your password',
    `${appUrl}/forgot-password`,
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  );
}
