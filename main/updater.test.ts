import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readBuildPublisher,
  startUpdates,
  updateFeedUrl,
  type ContactAdminNotice,
  type RestartQuestion,
  type UpdaterLike,
  type VerifySignature,
} from './updater';

/**
 * electron-updater's `autoUpdater` as far as this module meets it, following its source (6.8.10): a check
 * announces `update-available`, downloads when `autoDownload` is on, then emits `update-downloaded` and
 * hooks its quit handler only if `autoInstallOnAppQuit` is on at that moment; at quit it installs only if
 * it is still on. Its Authenticode check (`verifyUpdateCodeSignature`, PowerShell on Windows) is stubbed.
 */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: string[] = [];
  checks = 0;
  downloads = 0;
  installs = 0;
  installedAtQuit = 0;
  quitHandler = false;
  failNextCheck: Error | null = null;
  offered: string | null = null;
  verified: { names: string[]; file: string }[] = [];
  signedBy: string | null = null;
  verifyUpdateCodeSignature?: VerifySignature = async (names, file) => {
    this.verified.push({ names, file });
    return this.signedBy !== null && names.includes(this.signedBy) ? null : `signed by ${this.signedBy ?? 'nobody'}`;
  };
  setFeedURL(options: { provider: 'generic'; url: string }) {
    expect(options.provider).toBe('generic');
    this.feeds.push(options.url);
  }
  checkForUpdates() {
    this.checks += 1;
    const failure = this.failNextCheck;
    this.failNextCheck = null;
    if (failure) return Promise.reject(failure);
    if (this.offered === null) return Promise.resolve(null);
    const version = this.offered;
    this.emit('update-available', { version });
    return Promise.resolve({ downloadPromise: this.autoDownload ? this.download(version) : null });
  }
  /** A download that electron-updater finished (or found in its cache). */
  download(version: string) {
    this.downloads += 1;
    this.emit('update-downloaded', { version, downloadedFile: `C:\\cache\\setup-${version}.exe` });
    if (this.autoInstallOnAppQuit) this.quitHandler = true;
    return Promise.resolve([`setup-${version}.exe`]);
  }
  quit() {
    if (this.quitHandler && this.autoInstallOnAppQuit) this.installedAtQuit += 1;
  }
  quitAndInstall() {
    this.installs += 1;
  }
}

const workDir = mkdtempSync(join(tmpdir(), 'updater-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
let configs = 0;
/** The app-update.yml a build writes: a signed build names its publisher, an unsigned one does not. */
const appUpdateConfig = (publisher: string | null) => {
  const file = join(workDir, `app-update-${(configs += 1)}.yml`);
  const lines = ['provider: generic', 'url: http://127.0.0.1:8787/updates/'];
  if (publisher) lines.push('publisherName:', `  - ${publisher}`);
  lines.push('updaterCacheDirName: vehicle-export-office-updater');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
};

const PUBLISHER = 'CN=某某进出口有限公司, O=某某进出口有限公司, C=CN';

const setUp = (
  answer: number,
  feed: string | null = 'https://erp.example.cn:8787/updates/',
  isPackaged = true,
  options: { publisher?: string | null; requireHttps?: boolean; updater?: FakeUpdater } = {},
) => {
  const updater = options.updater ?? new FakeUpdater();
  const asked: (RestartQuestion | ContactAdminNotice)[] = [];
  const warnings: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const started = startUpdates(feed, {
    updater: () => updater,
    isPackaged,
    askRestart: async (question) => {
      asked.push(question);
      return answer;
    },
    log: { info: () => undefined, warn: (message) => warnings.push(message) },
    setInterval: (run, ms) => timers.push({ run, ms }),
    appUpdateConfig: appUpdateConfig(options.publisher === undefined ? PUBLISHER : options.publisher),
    requireHttps: options.requireHttps ?? false,
  });
  return { updater, asked, warnings, timers, started };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the update feed of a connection', () => {
  it('is the office server’s /updates/, whatever path was typed after its origin', () => {
    expect(updateFeedUrl({ mode: 'office', officeUrl: 'https://erp.example.cn:8787' })).toBe(
      'https://erp.example.cn:8787/updates/',
    );
    expect(updateFeedUrl({ mode: 'office', officeUrl: 'http://192.168.1.10:8787/' })).toBe(
      'http://192.168.1.10:8787/updates/',
    );
  });

  it('is none on the embedded server or without a usable address', () => {
    expect(updateFeedUrl({ mode: 'embedded', officeUrl: 'https://erp.example.cn' })).toBeNull();
    expect(updateFeedUrl({ mode: 'office', officeUrl: '' })).toBeNull();
    expect(updateFeedUrl({ mode: 'office', officeUrl: 'not a url' })).toBeNull();
  });
});

describe('an update is installed only when it is provably ours (signed or not × http or https)', () => {
  const offer = async (feed: string, publisher: string | null, signedBy: string | null, requireHttps = false) => {
    const updater = new FakeUpdater();
    updater.offered = '1.2.0';
    updater.signedBy = signedBy;
    const run = setUp(0, feed, true, { publisher, requireHttps, updater });
    await settle();
    await settle();
    return run;
  };

  for (const feed of ['https://erp.example.cn:8787/updates/', 'http://192.168.1.10:8787/updates/']) {
    const scheme = feed.split(':')[0];

    it(`signed build, ${scheme} feed: downloads, checks the installer names our publisher, then asks to restart`, async () => {
      const { updater, asked } = await offer(feed, PUBLISHER, PUBLISHER);
      expect(updater.downloads).toBe(1);
      expect(updater.verified).toEqual([{ names: [PUBLISHER], file: 'C:\\cache\\setup-1.2.0.exe' }]);
      expect(asked.map((question) => question.message)).toEqual(['新版本 1.2.0 已下载完成']);
      expect(updater.installs).toBe(1);
    });

    it(`unsigned build, ${scheme} feed: downloads nothing, installs nothing, tells the clerk to ask the administrator`, async () => {
      const { updater, asked } = await offer(feed, null, PUBLISHER);
      expect(updater.autoDownload).toBe(false);
      expect(updater.autoInstallOnAppQuit).toBe(false);
      expect(updater.downloads).toBe(0);
      expect(asked.map((question) => question.message)).toEqual(['有新版本 1.2.0，请联系管理员安装']);
      expect(asked[0]?.buttons).toEqual(['知道了']);
      updater.quit();
      expect(updater.installs + updater.installedAtQuit).toBe(0);
    });
  }

  it('refuses an installer signed by someone else, even over HTTPS, also at quit', async () => {
    const { updater, asked, warnings } = await offer('https://erp.example.cn/updates/', PUBLISHER, 'CN=Mallory');
    expect(updater.verified).toHaveLength(1);
    expect(asked.map((question) => question.message)).toEqual(['有新版本 1.2.0，请联系管理员安装']);
    expect(asked[0]?.detail).toContain('签名与本程序的发布者不符');
    expect(warnings.join('\n')).toContain('refused');
    updater.quit();
    expect(updater.installs + updater.installedAtQuit).toBe(0);
  });

  it('tells the clerk when electron-updater’s own check refused a fresh download', async () => {
    const { updater, asked } = await offer('https://erp.example.cn/updates/', PUBLISHER, null);
    asked.length = 0;
    updater.offered = '1.3.0';
    updater.autoDownload = false;
    await updater.checkForUpdates();
    updater.emit(
      'error',
      Object.assign(new Error('not signed by the application owner'), { code: 'ERR_UPDATER_INVALID_SIGNATURE' }),
    );
    await settle();
    expect(asked.map((question) => question.message)).toEqual(['有新版本 1.3.0，请联系管理员安装']);
  });

  it('refuses an unsigned installer in the feed of a signed build', async () => {
    const { updater, asked } = await offer('http://192.168.1.10:8787/updates/', PUBLISHER, null);
    updater.quit();
    expect(updater.installs + updater.installedAtQuit).toBe(0);
    expect(asked[0]?.message).toBe('有新版本 1.2.0，请联系管理员安装');
  });

  it('where the office requires HTTPS, a signed update over http is only announced', async () => {
    const { updater, asked } = await offer('http://192.168.1.10:8787/updates/', PUBLISHER, PUBLISHER, true);
    expect(updater.downloads).toBe(0);
    expect(asked[0]?.message).toBe('有新版本 1.2.0，请联系管理员安装');
    expect(asked[0]?.detail).toContain('HTTPS');
    const https = await offer('https://erp.example.cn/updates/', PUBLISHER, PUBLISHER, true);
    expect(https.updater.installs).toBe(1);
  });

  it('installs nothing automatically where electron-updater cannot check signatures (not Windows)', async () => {
    const updater = new FakeUpdater();
    updater.verifyUpdateCodeSignature = undefined;
    updater.offered = '1.2.0';
    const { asked } = setUp(0, 'https://erp.example.cn/updates/', true, { updater });
    await settle();
    expect(updater.downloads).toBe(0);
    expect(asked[0]?.message).toBe('有新版本 1.2.0，请联系管理员安装');
  });

  it('tells the clerk once per version, not at every four-hourly check', async () => {
    const { updater, asked, timers } = await offer('https://erp.example.cn/updates/', null, null);
    timers[0]?.run();
    await settle();
    expect(updater.checks).toBe(2);
    expect(asked).toHaveLength(1);
  });

  it('installs a signed download at quit after 稍后, but not before its own signature check passed', async () => {
    const updater = new FakeUpdater();
    updater.signedBy = PUBLISHER;
    let release: (value: string | null) => void = () => undefined;
    updater.verifyUpdateCodeSignature = () => new Promise((resolve) => (release = resolve));
    setUp(1, 'https://erp.example.cn/updates/', true, { updater });
    await settle();
    // A download found in electron-updater's cache (which it does not check again).
    void updater.download('1.2.0');
    await settle();
    updater.quit();
    expect(updater.installedAtQuit).toBe(0);
    release(null);
    await settle();
    updater.quit();
    expect(updater.installedAtQuit).toBe(1);
  });
});

describe('the publisher a build carries (app-update.yml as electron-builder writes it)', () => {
  it('reads a list, a single name and quoted names', () => {
    expect(readBuildPublisher(`provider: generic\npublisherName:\n  - ${PUBLISHER}\n  - Other Co\nurl: x\n`)).toEqual([
      PUBLISHER,
      'Other Co',
    ]);
    expect(readBuildPublisher('publisherName: Test Export Co\n')).toEqual(['Test Export Co']);
    expect(readBuildPublisher(`publisherName:\n  - "CN=\\"Foo, Inc.\\""\n  - 'it''s'\n`)).toEqual([
      'CN="Foo, Inc."',
      "it's",
    ]);
  });

  it('reads none when absent or not understood (the safe side: nothing installs by itself)', () => {
    expect(readBuildPublisher('provider: generic\nurl: http://x/updates/\n')).toEqual([]);
    expect(readBuildPublisher('publisherName: [a, b]\n')).toEqual([]);
    expect(readBuildPublisher('publisherName:\n  - "unterminated\n')).toEqual([]);
    expect(readBuildPublisher('publisherName:\nurl: x\n')).toEqual([]);
  });
});

describe('updates from the office server', () => {
  it('checks the generic feed at start and every four hours, downloading in the background', () => {
    const { updater, timers, started } = setUp(1);
    expect(started).toBe(true);
    expect(updater.feeds).toEqual(['https://erp.example.cn:8787/updates/']);
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(updater.checks).toBe(1);
    expect(timers.map((timer) => timer.ms)).toEqual([4 * 60 * 60 * 1000]);
    timers[0]?.run();
    expect(updater.checks).toBe(2);
  });

  it('asks in Chinese before restarting, and 立即重启并安装 installs', async () => {
    const { updater, asked } = setUp(0);
    updater.signedBy = PUBLISHER;
    void updater.download('1.2.0');
    await settle();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('新版本 1.2.0 已下载完成');
    expect(asked[0]?.buttons).toEqual(['立即重启并安装', '稍后']);
    expect(updater.installs).toBe(1);
  });

  it('稍后 leaves the clerk working (installed when the app is closed) and does not ask again this run', async () => {
    const { updater, asked } = setUp(1);
    updater.signedBy = PUBLISHER;
    void updater.download('1.2.0');
    await settle();
    void updater.download('1.2.0');
    await settle();
    expect(asked).toHaveLength(1);
    expect(updater.installs).toBe(0);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    updater.quit();
    expect(updater.installedAtQuit).toBe(1);
  });

  it('only logs a feed that fails (an office server without UPDATES_DIR answers 404)', async () => {
    const updater = new FakeUpdater();
    updater.failNextCheck = new Error('HttpError: 404');
    const warnings: string[] = [];
    startUpdates('http://10.0.0.5:8787/updates/', {
      updater: () => updater,
      isPackaged: true,
      askRestart: async () => 1,
      log: { info: () => undefined, warn: (message) => warnings.push(message) },
      setInterval: () => undefined,
    });
    updater.emit('error', new Error('net::ERR_CONNECTION_REFUSED'));
    await settle();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('http://10.0.0.5:8787/updates/');
  });

  it('does nothing in a development run or on the embedded server', () => {
    expect(setUp(0, 'https://erp.example.cn/updates/', false).started).toBe(false);
    const embedded = setUp(0, null);
    expect(embedded.started).toBe(false);
    expect(embedded.updater.checks).toBe(0);
    expect(embedded.timers).toHaveLength(0);
  });
});
