import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives: the tests' mailbox. Port 0 picks a free
 * port; a fixed port lets a fault test bring the mailbox up again where SMTP_URL already points.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({
            from: parsed.from?.text ?? '',
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
