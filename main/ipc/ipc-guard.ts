import { z } from 'zod';
import type { DesktopAnswer, DesktopChannel, desktopChannels } from '../../contract/desktop-api';
import { isAppUrl } from '../trusted-origin';

// zod's own messages (wrong type, extra argument) in Chinese too: every refusal is read by a clerk.
z.config(z.locales.zhCN());

/** The part of Electron's `IpcMainInvokeEvent` the checks read. */
export interface InvokeEventLike {
  senderFrame: { url: string } | null;
}

export type GuardedHandler<R = unknown> = (event: InvokeEventLike, ...args: unknown[]) => Promise<R>;

/** One handler per channel of the contract, each answering what `DesktopApi` promises for it. */
export type IpcHandlers = { [C in DesktopChannel]: GuardedHandler<DesktopAnswer<C>> };

/** The handlers one area registers, named by their keys in `desktopChannels`. */
export type IpcHandlersFor<K extends keyof typeof desktopChannels> = Pick<IpcHandlers, (typeof desktopChannels)[K]>;

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
): GuardedHandler<R> {
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

/** Registers the whole map: it must name every channel (the type says so), or main does not compile. */
export function registerHandlers(ipcMain: IpcMainLike, handlers: IpcHandlers): void {
  for (const [channel, handler] of Object.entries(handlers) as [DesktopChannel, GuardedHandler][]) {
    ipcMain.handle(channel, handler);
  }
}

/** No argument at all. */
export const noArgs = z.tuple([]);
