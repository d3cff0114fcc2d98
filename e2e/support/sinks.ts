// Where the server's messages land in browser tests: the same loopback SMTP server and HTTP receiver
// the API tests use (@b2bpay/test-sinks), plus polling for messages a background job sends.
export {
  type HttpReceiver,
  type ReceivedMail,
  type ReceivedRequest,
  type SmtpSink,
  sixDigits,
  startHttpReceiver,
  startSmtpSink,
} from '@b2bpay/test-sinks';

/** Polls `find` until it returns a value (messages are delivered by a background job). */
export async function eventually<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
