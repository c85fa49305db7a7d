/** What the embedded server's utility process and main tell each other over the parent port. */
export type ServerProcessMessage =
  | { type: 'ready'; url: string }
  | { type: 'failed'; message: string }
  /** The database is being backed up and upgraded before the server listens: it may take minutes. */
  | { type: 'upgrading' }
  /** A restore from 数据备份 waits for the next start (platform/backup): main stops and starts it again. */
  | { type: 'restart' };

export type MainToServerMessage = { type: 'stop' };

export function isServerProcessMessage(value: unknown): value is ServerProcessMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready') return typeof message.url === 'string';
  if (message.type === 'failed') return typeof message.message === 'string';
  if (message.type === 'upgrading' || message.type === 'restart') return true;
  return false;
}
