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

/** Add User: the account exists; its owner chooses their own password from this link. */
export function invitationEmail(
  to: string,
  name: string,
  staffId: string,
  appUrl: string,
  token: string,
): MailMessage {
  return linkEmail(
    to,
    'You have been invited to the CHL back-office',
    `Hello ${name},`,
    `An administrator has made you a staff account. Your staff ID is ${staffId}. Choose your password to start.`,
    'Set your password',
    `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
    'This link expires in 7 days and works once. If you did not expect it, ignore this email.',
  );
}

/** The outcome of a role request, with the admin's note. */
export function roleRequestDecidedEmail(
  to: string,
  name: string,
  appUrl: string,
  request: { role: string; status: string; note: string | null; decidedByName: string | null },
): MailMessage {
  const role = request.role.replaceAll('_', ' ');
  const granted = request.status === 'granted';
  const lead = granted
    ? `Your request to be ${role} has been granted${request.decidedByName ? ` by ${request.decidedByName}` : ''}. It applies from your next page.`
    : `Your request to be ${role} has been declined${request.decidedByName ? ` by ${request.decidedByName}` : ''}.`;
  return linkEmail(
    to,
    granted ? 'Your role request was granted' : 'Your role request was declined',
    `Hello ${name},`,
    request.note ? `${lead} Note: ${request.note}` : lead,
    'Open your profile',
    `${appUrl}/account`,
    'You can ask for another role from your profile at any time.',
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
