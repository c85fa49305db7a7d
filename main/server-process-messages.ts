/** What the embedded server's utility process and main tell each other over the parent port. */
export type ServerProcessMessage = { type: 'ready'; url: string } | { type: 'failed'; message: string };

export type MainToServerMessage = { type: 'stop' };

export function isServerProcessMessage(value: unknown): value is ServerProcessMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready') return typeof message.url === 'string';
  if (message.type === 'failed') return typeof message.message === 'string';
  return false;
}
