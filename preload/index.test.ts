import { beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopChannels, type DesktopApi } from '../contract/desktop-api';

// The Electron binary is absent: a hand-made fake of the two preload APIs records what the preload does.
const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invocations: [] as { channel: string; args: unknown[] }[],
  answer: (_channel: string): Promise<unknown> => Promise.resolve(null),
}));
vi.mock('electron', () => {
  const contextBridge = { exposeInMainWorld: (key: string, api: unknown) => fake.exposed.set(key, api) };
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => {
      fake.invocations.push({ channel, args });
      return fake.answer(channel);
    },
    send: () => {
      throw new Error('the preload must only invoke');
    },
  };
  return { default: { contextBridge, ipcRenderer }, contextBridge, ipcRenderer };
});

await import('./index');
const desktop = fake.exposed.get('desktop') as DesktopApi;

/** Every value reachable in the exposed object: only the `kind` string and functions are allowed. */
function leaves(value: unknown, path = 'desktop'): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`));
  }
  return [[path, value]];
}

describe('preload bridge', () => {
  beforeEach(() => {
    fake.invocations.length = 0;
    fake.answer = () => Promise.resolve(null);
  });

  it('exposes window.desktop and nothing else', () => {
    expect([...fake.exposed.keys()]).toEqual(['desktop']);
    expect(desktop.kind).toBe('electron');
  });

  it('exposes named functions only, never ipcRenderer', () => {
    for (const [path, value] of leaves(desktop)) {
      if (path === 'desktop.kind') continue;
      expect(typeof value, path).toBe('function');
    }
    const names = leaves(desktop).map(([path]) => path);
    expect(names.filter((name) => /\.(ipcRenderer|invoke|send|sendSync|on|once|postMessage)$/.test(name))).toEqual([]);
  });

  it('maps every function to its desktop: channel with its arguments', async () => {
    await desktop.token.get();
    await desktop.token.set('tok_abc');
    await desktop.token.clear();
    await desktop.settings.get();
    await desktop.settings.set({ size: 'small' });
    await desktop.connection.get();
    await desktop.connection.set({ mode: 'office', officeUrl: 'https://10.0.0.5:8787' });
    await desktop.connection.test('https://10.0.0.5:8787');
    await desktop.app.version();
    expect(fake.invocations).toEqual([
      { channel: desktopChannels.tokenGet, args: [] },
      { channel: desktopChannels.tokenSet, args: ['tok_abc'] },
      { channel: desktopChannels.tokenClear, args: [] },
      { channel: desktopChannels.settingsGet, args: [] },
      { channel: desktopChannels.settingsSet, args: [{ size: 'small' }] },
      { channel: desktopChannels.connectionGet, args: [] },
      { channel: desktopChannels.connectionSet, args: [{ mode: 'office', officeUrl: 'https://10.0.0.5:8787' }] },
      { channel: desktopChannels.connectionTest, args: ['https://10.0.0.5:8787'] },
      { channel: desktopChannels.appVersion, args: [] },
    ]);
    // Every channel of the contract is reachable, and only those.
    expect(new Set(fake.invocations.map((call) => call.channel))).toEqual(new Set(Object.values(desktopChannels)));
  });

  it('passes answers through', async () => {
    fake.answer = () => Promise.resolve({ stored: 'encrypted' });
    expect(await desktop.token.set('tok_abc')).toEqual({ stored: 'encrypted' });
  });

  it("hands the renderer main's Chinese message without Electron's wrapper", async () => {
    fake.answer = (channel) =>
      Promise.reject(
        new Error(`Error invoking remote method '${channel}': Error: 请求参数不正确：主题色必须是 #RRGGBB 格式的颜色`),
      );
    await expect(desktop.settings.set({ themeColor: 'red' })).rejects.toThrow(
      /^请求参数不正确：主题色必须是 #RRGGBB 格式的颜色$/,
    );
  });
});
