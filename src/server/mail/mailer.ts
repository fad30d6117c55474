import nodemailer from 'nodemailer';
import type { Logger } from '../http/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when configured; otherwise the message is written to the server log (docs/product.md D4). */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info('email (no SMTP_URL set, not sent)', {
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
