import type { MailMessage } from './mailer';

/**
 * Where an email comes from: the app's address for its links, and the names System Settings give
 * (docs/product.md D13), read when the email is sent so a renamed system signs its next email.
 */
export interface MailSite {
  appUrl: string;
  systemName: string;
  organizationName: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const signatureOf = (site: MailSite) => `${site.systemName} · ${site.organizationName}`;

function linkEmail(
  to: string,
  site: MailSite,
  subject: string,
  greeting: string,
  lead: string,
  action: string,
  url: string,
  footer: string,
): MailMessage {
  const signature = signatureOf(site);
  return {
    to,
    subject,
    text: `${greeting}\n\n${lead}\n\n${action}: ${url}\n\n${footer}\n\n${signature}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(footer)}</p><p>${escapeHtml(signature)}</p>`,
  };
}

export function verificationEmail(to: string, name: string, site: MailSite, token: string): MailMessage {
  return linkEmail(
    to,
    site,
    `Verify your email for ${site.systemName}`,
    `Hello ${name},`,
    'Please confirm your email address to finish creating your staff account.',
    'Verify your email',
    `${site.appUrl}/verify-email?token=${encodeURIComponent(token)}`,
    'This link expires in 24 hours. If you did not register, ignore this email.',
  );
}

export function passwordResetEmail(to: string, name: string, site: MailSite, token: string): MailMessage {
  return linkEmail(
    to,
    site,
    `Reset your ${site.systemName} password`,
    `Hello ${name},`,
    'Someone asked to reset the password of your staff account.',
    'Choose a new password',
    `${site.appUrl}/reset-password?token=${encodeURIComponent(token)}`,
    'This link expires in 1 hour and works once. If you did not ask for it, ignore this email.',
  );
}

/** Someone registered with an address that already has an account: its owner hears, nobody else. */
export function accountExistsEmail(to: string, name: string, site: MailSite): MailMessage {
  return linkEmail(
    to,
    site,
    `Someone tried to register with your email at ${site.systemName}`,
    `Hello ${name},`,
    'Someone tried to register a new staff account with this email address, which already has an account. If it was you, sign in with your staff ID, or reset your password if you have forgotten it.',
    'Reset your password',
    `${site.appUrl}/forgot-password`,
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  );
}

/** Add User: the account exists; its owner chooses their own password from this link. */
export function invitationEmail(
  to: string,
  name: string,
  staffId: string,
  site: MailSite,
  token: string,
): MailMessage {
  return linkEmail(
    to,
    site,
    `You have been invited to ${site.systemName}`,
    `Hello ${name},`,
    `An administrator has made you a staff account. Your staff ID is ${staffId}. Choose your password to start.`,
    'Set your password',
    `${site.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
    'This link expires in 7 days and works once. If you did not expect it, ignore this email.',
  );
}

/** The outcome of a role request, with the admin's note. */
export function roleRequestDecidedEmail(
  to: string,
  name: string,
  site: MailSite,
  request: { role: string; status: string; note: string | null; decidedByName: string | null },
): MailMessage {
  const role = request.role.replaceAll('_', ' ');
  const granted = request.status === 'granted';
  const lead = granted
    ? `Your request to be ${role} has been granted${request.decidedByName ? ` by ${request.decidedByName}` : ''}. It applies from your next page.`
    : `Your request to be ${role} has been declined${request.decidedByName ? ` by ${request.decidedByName}` : ''}.`;
  return linkEmail(
    to,
    site,
    granted ? 'Your role request was granted' : 'Your role request was declined',
    `Hello ${name},`,
    request.note ? `${lead} Note: ${request.note}` : lead,
    'Open your profile',
    `${site.appUrl}/account`,
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
  site: MailSite,
  count: number,
  groups: DigestGroup[],
): MailMessage {
  const { appUrl } = site;
  const subject = `${count} ${count === 1 ? 'item waits' : 'items wait'} for you in ${site.systemName}`;
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
    signatureOf(site),
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
    `<p>${escapeHtml(signatureOf(site))}</p>`,
  ].join('');
  return { to, subject, text, html };
}
