import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise the message goes to the server log so a self-hosted admin can act on it. */
export function createMailer(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      send: async (mail) => {
        opts.log.info({ to: mail.to, subject: mail.subject }, `mail (SMTP not configured):\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: opts.from, ...mail });
    },
  };
}
