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

export interface DigestGroup {
  label: string;
  count: number;
  items: Array<{ title: string; detail: string; href: string }>;
}

/** The daily email of what waits for a user (docs/product.md D16): each area, its count, its latest items. */
export function notificationDigestEmail(
  to: string,
  name: string,
  appUrl: string,
  count: number,
  groups: DigestGroup[],
): MailMessage {
  const subject = `${count} ${count === 1 ? 'item waits' : 'items wait'} for you in the CHL back-office`;
  const lead = `Hello ${name},`;
  const footer =
    'You get this email at most once a day, on days something waits for you. To stop it, untick "Email me a daily summary" under the bell.';
  const text = [
    lead,
    '',
    ...groups.flatMap((g) => [
      `${g.label} (${g.count})`,
      ...g.items.map((i) => `- ${i.title}: ${i.detail}\n  ${appUrl}${i.href}`),
      ...(g.count > g.items.length ? [`  and ${g.count - g.items.length} more`] : []),
      '',
    ]),
    footer,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(lead)}</p>`,
    ...groups.map(
      (g) =>
        `<h2>${escapeHtml(g.label)} (${g.count})</h2><ul>${g.items
          .map(
            (i) =>
              `<li><a href="${escapeHtml(appUrl + i.href)}">${escapeHtml(i.title)}</a>: ${escapeHtml(i.detail)}</li>`,
          )
          .join('')}</ul>${g.count > g.items.length ? `<p>and ${g.count - g.items.length} more</p>` : ''}`,
    ),
    `<p>${escapeHtml(footer)}</p>`,
  ].join('');
  return { to, subject, text, html };
}
