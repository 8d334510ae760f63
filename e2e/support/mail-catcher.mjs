// A real SMTP server on 127.0.0.1 for browser tests, with an HTTP view of what it received:
// GET /messages?to=<address> → [{ to, subject, text }] (quoted-printable undone). Env: SMTP_PORT, HTTP_PORT.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const messages = [];
const decode = (raw) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const text = decode(Buffer.concat(chunks).toString('utf8'));
      const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
      messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, text });
      callback();
    });
  },
});
smtp.listen(Number(process.env.SMTP_PORT), '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    if (url.pathname === '/health') return response.end('ok');
    const to = url.searchParams.get('to');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages.filter((message) => !to || message.to.includes(to))));
  })
  .listen(Number(process.env.HTTP_PORT), '127.0.0.1', () => console.log('test mail catcher ready'));
