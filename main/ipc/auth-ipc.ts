import { z } from 'zod';
import { desktopChannels } from '../../contract/desktop-api';
import type { TokenStore } from '../token-store';
import { guarded, noArgs, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface AuthIpcDeps {
  isTrusted: SenderCheck;
  tokens: TokenStore;
}

// Our tokens are short random strings; the bound only keeps nonsense out of the keyring.
const tokenArgs = z.tuple([
  z
    .string({ error: '登录凭证必须是文字' })
    .min(1, '登录凭证不能为空')
    .max(4096, '登录凭证过长')
    .regex(/^[\x21-\x7e]+$/, '登录凭证格式不正确'),
]);

/** The session token: read, saved encrypted (or in memory only), cleared at logout. */
export function authIpcHandlers({
  isTrusted,
  tokens,
}: AuthIpcDeps): IpcHandlersFor<'tokenGet' | 'tokenSet' | 'tokenClear'> {
  return {
    [desktopChannels.tokenGet]: guarded(isTrusted, noArgs, () => tokens.get()),
    [desktopChannels.tokenSet]: guarded(isTrusted, tokenArgs, ([token]) => tokens.set(token)),
    [desktopChannels.tokenClear]: guarded(isTrusted, noArgs, () => tokens.clear()),
  };
}
