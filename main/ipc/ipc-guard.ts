import { z } from 'zod';
import type { desktopChannels } from '../../contract/desktop-api';
import { isAppUrl } from '../trusted-origin';

// zod's own messages (wrong type, extra argument) in Chinese too: every refusal is read by a clerk.
z.config(z.locales.zhCN());

export type DesktopChannel = (typeof desktopChannels)[keyof typeof desktopChannels];

/** The part of Electron's `IpcMainInvokeEvent` the checks read. */
export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

export type GuardedHandler = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;
export type IpcHandlerMap = Partial<Record<DesktopChannel, GuardedHandler>>;

export const ipcMessages = {
  untrustedSender: '拒绝请求：调用方不是本应用的页面',
  badPayload: '请求参数不正确',
} as const;

/** Who may call: our own pages only (`app://renderer`, or the vite dev server while developing). */
export type SenderCheck = (event: InvokeEventLike) => boolean;

export function appSenderCheck(devServerUrl?: string): SenderCheck {
  return (event) => isAppUrl(event.senderFrame?.url, devServerUrl);
}

/**
 * Wraps a handler: the sender is checked first, then the arguments are parsed as a whole tuple (an extra or
 * missing argument is refused too), and only then does `run` see them.
 */
export function guarded<S extends z.ZodType<unknown[]>, R>(
  isTrusted: SenderCheck,
  argsSchema: S,
  run: (args: z.output<S>) => R | Promise<R>,
): GuardedHandler {
  return async (event, ...args) => {
    if (!isTrusted(event)) throw new Error(ipcMessages.untrustedSender);
    const parsed = argsSchema.safeParse(args);
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message;
      throw new Error(first ? `${ipcMessages.badPayload}：${first}` : ipcMessages.badPayload);
    }
    return run(parsed.data);
  };
}

export interface IpcMainLike {
  handle(channel: string, listener: GuardedHandler): void;
}

export function registerHandlers(ipcMain: IpcMainLike, handlers: IpcHandlerMap): void {
  for (const [channel, handler] of Object.entries(handlers)) {
    if (handler) ipcMain.handle(channel, handler);
  }
}

/** No argument at all. */
export const noArgs = z.tuple([]);
