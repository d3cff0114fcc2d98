import { ApiError, NetworkError, serverMessage } from './http';

function retryText(headers: Headers): string | null {
  const seconds = Number(headers.get('Retry-After'));
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return seconds < 60 ? `Попробуйте через ${seconds} с.` : `Попробуйте через ${Math.ceil(seconds / 60)} мин.`;
}

/**
 * What a failed account call (log-in, password, sign-up) says above its form: the server's words, or
 * the page's own when there are none, and when to try again after a 429.
 */
export function accountFailureText(error: unknown, texts: { network: string; failed: string }): string {
  if (error instanceof NetworkError) return texts.network;
  const message = serverMessage(error) ?? texts.failed;
  if (error instanceof ApiError && error.status === 429) {
    const retry = retryText(error.headers);
    return retry ? `${message} ${retry}` : message;
  }
  return message;
}
