import type { InvokeEventLike } from '../ipc/ipc-guard';

/** What Electron's `IpcMainInvokeEvent.senderFrame` says for our page, for others, and for a gone frame. */
export const fromApp: InvokeEventLike = { senderFrame: { url: 'app://renderer/dashboard' } };
export const fromDevServer: InvokeEventLike = { senderFrame: { url: 'http://localhost:5173/login' } };
export const foreignSenders: [string, InvokeEventLike][] = [
  ['a web page', { senderFrame: { url: 'https://evil.example/' } }],
  ['a local file', { senderFrame: { url: 'file:///C:/Users/clerk/Downloads/page.html' } }],
  ['another app:// host', { senderFrame: { url: 'app://evil/index.html' } }],
  ['a blob: frame (PDF preview)', { senderFrame: { url: 'blob:app://renderer/4f1c' } }],
  ['a lookalike dev server', { senderFrame: { url: 'http://localhost:5174/' } }],
  ['a destroyed frame', { senderFrame: null }],
];
