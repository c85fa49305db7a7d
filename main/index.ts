import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  utilityProcess,
} from 'electron';
import log from 'electron-log/main';
import Store from 'electron-store';
import electronUpdater from 'electron-updater';
import { desktopEvents } from '../contract/desktop-api';
import { appOrigin, appSchemePrivileges, createAppProtocolHandler, appScheme } from './app-protocol';
import { backupFolderMessages, backupOverdueAtStart, createBackupFolder } from './backup-folder';
import { createConnectionService } from './connection';
import { buildCsp } from './content-security-policy';
import { devModeFor } from './dev-mode';
import { createDownloads } from './downloads';
import { createEmbeddedSecretHeader, newEmbeddedSecret } from './embedded-secret';
import { createEmbeddedServer } from './embedded-server';
import { createFileDialogs } from './file-dialogs';
import { appIpcHandlers } from './ipc/app-ipc';
import { authIpcHandlers } from './ipc/auth-ipc';
import { backupIpcHandlers } from './ipc/backup-ipc';
import { connectionIpcHandlers } from './ipc/connection-ipc';
import { filesIpcHandlers } from './ipc/files-ipc';
import { appSenderCheck, registerHandlers } from './ipc/ipc-guard';
import { remindersIpcHandlers } from './ipc/reminders-ipc';
import { settingsIpcHandlers } from './ipc/settings-ipc';
import { closeLibraryIpc } from './library-ipc';
import { menuTemplate } from './menu';
import { createOverdueNotifier } from './overdue-notification';
import { logChildProcessGone, watchRenderer } from './renderer-recovery';
import { createShellNotices } from './shell-notices';
import { createSettingsStore } from './settings-store';
import { createTokenStore } from './token-store';
import { startUpdates, updateFeedUrl } from './updater';
import { moveFailedMessage, settleUserData, userDataPaths } from './user-data-location';
import { createMainWindow, isExternalWebUrl, lockEveryWebContents, lockPermissions, productName } from './window';
import { rememberWindowState, windowPlacement } from './window-state';

/** dist-electron/: main.js, preload.cjs and server-process.js sit side by side; the renderer next door. */
const buildDir = import.meta.dirname;
const rendererDir = join(buildDir, '..', 'renderer-dist');
/** A packaged app ignores VITE_DEV_SERVER_URL and has no developer tools (dev-mode.ts). */
const { devServerUrl, devTools } = devModeFor(app.isPackaged, process.env);

// Windows: the whole of userData under %LOCALAPPDATA%, moved there once from Roaming (user-data-location.ts).
// First of all: the single-instance lock, the log file, electron-store and Chromium's profile all live in it.
const dataPaths = userDataPaths(process.platform, process.env, app.getPath('userData'), productName);
const dataPlace = dataPaths ? settleUserData(dataPaths) : null;
if (dataPlace && dataPlace.state !== 'busy') {
  app.setPath('userData', dataPlace.dir);
  // Chromium's cookies and caches follow userData unless told otherwise: said explicitly.
  app.setPath('sessionData', dataPlace.dir);
}

log.transports.file.level = 'info';
log.errorHandler.startCatching({ showDialog: false });
app.setName(productName);
// Windows shows a notification only for the app id its Start menu shortcut carries (electron-builder.yml appId).
if (process.platform === 'win32') app.setAppUserModelId('com.vehicle-export.office');

// Must happen before `ready`: the scheme is standard and secure, like https.
protocol.registerSchemesAsPrivileged([appSchemePrivileges]);
// Every web contents, not only the main window's, from the moment it exists (window.ts).
lockEveryWebContents(app, devServerUrl);

let mainWindow: BrowserWindow | null = null;
let quitting = false;

if (dataPlace?.state === 'busy' || !app.requestSingleInstanceLock()) {
  // Another copy already runs (with the same database), or is moving the data right now: hand over to it.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.whenReady().then(start, (error: unknown) => {
    log.error('app failed to become ready', error);
    app.exit(1);
  });
}

async function start() {
  const userDataDir = app.getPath('userData');
  log.info(`starting ${productName} ${app.getVersion()}; data in ${userDataDir}`);
  if (dataPlace?.state === 'moved') {
    log.info(
      `data moved from ${dataPaths?.roaming} (${dataPlace.files} files, ${dataPlace.bytes} bytes)` +
        (dataPlace.retired ? '' : '; the old folder could not be renamed, again next start'),
    );
  }
  if (dataPlace?.state === 'kept')
    log.warn(`data not moved to ${dataPaths?.local}: ${dataPlace.reason}`, dataPlace.error);

  const settingsFile = new Store({ name: 'settings' });
  const sessionFile = new Store({ name: 'session' });
  // electron-log and electron-store have each opened an IPC channel with no sender check by now: close both.
  closeLibraryIpc(ipcMain);
  const settings = createSettingsStore(settingsFile);
  // After `ready`: only then does safeStorage know its real backend (DESIGN.md, security facts).
  const tokens = createTokenStore({ safeStorage, store: sessionFile, platform: process.platform });

  // main's own requests (connection test, downloads) go through Chromium's network stack, as the page's
  // do: an office server's certificate trusted by Windows and the system proxy work for both alike.
  const chromiumFetch: typeof fetch = (input, init) => net.fetch(input instanceof URL ? input.href : input, init);

  // What the page's banner says about the shell itself: a reloaded page, the embedded server's restarts.
  const notices = createShellNotices();

  // This launch's secret: the embedded server answers only requests that carry it (embedded-secret.ts).
  // 数据备份 (issue 27): the embedded server's BACKUP_DIR, chosen in the page or the Documents default.
  const isEmbedded = () => settings.getConnection().mode === 'embedded';
  const backupFolder = createBackupFolder({
    store: settingsFile,
    documentsDir: () => app.getPath('documents'),
    showOpenDialog: (options) =>
      mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    restartServer: async () => {
      if (isEmbedded()) await embedded.restart();
    },
  });
  backupFolder.prepare();

  const secret = newEmbeddedSecret();
  const secretHeader = createEmbeddedSecretHeader(session.defaultSession.webRequest, secret);
  const embedded = createEmbeddedServer({
    fork: (modulePath, args, options) => utilityProcess.fork(modulePath, args, options),
    entryPath: join(buildDir, 'server-process.js'),
    userDataDir,
    baseEnv: process.env,
    extraOrigins: devServerUrl ? [new URL(devServerUrl).origin] : [],
    secret,
    backupDir: () => backupFolder.current(),
    onUrl: (url) => secretHeader.serverAt(url),
    onEvent: (event) => {
      if (event.type === 'restarting') notices.serverRestarting();
      else if (event.type === 'gave-up') notices.serverFailed();
      else {
        notices.serverAnswers();
        // On another port: the page's CSP and API base name the old one, so it starts again.
        if (event.moved) mainWindow?.webContents.reloadIgnoringCache();
      }
    },
    log,
  });
  const connection = createConnectionService({
    settings,
    embedded,
    fetch: chromiumFetch,
    confirmSwitch: async (question) => {
      const options = { ...question, buttons: [...question.buttons] };
      const { response } = mainWindow
        ? await dialog.showMessageBox(mainWindow, options)
        : await dialog.showMessageBox(options);
      return response;
    },
    extraHeaders: (url) => secretHeader.headersFor(url),
    onApiBaseChanged: () => {
      // The token belonged to the other server; the page reloads so its CSP names the new API base.
      void tokens.clear();
      notices.serverAnswers();
      setTimeout(() => mainWindow?.webContents.reloadIgnoringCache(), 200);
    },
  });

  protocol.handle(
    appScheme,
    createAppProtocolHandler({ rootDir: rendererDir, csp: () => buildCsp(connection.apiBase()) }),
  );
  lockPermissions(session.defaultSession, devServerUrl);

  const dialogs = createFileDialogs({
    showOpenDialog: (options) =>
      mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    settings,
    defaultFolder: () => app.getPath('downloads'),
  });
  const downloads = createDownloads({
    apiBase: () => connection.apiBase(),
    token: () => tokens.get(),
    folder: () => settings.getUi().downloadFolder,
    defaultFolder: () => app.getPath('downloads'),
    openPath: (path) => shell.openPath(path),
    showItemInFolder: (path) => shell.showItemInFolder(path),
    extraHeaders: (url) => secretHeader.headersFor(url),
    fetch: chromiumFetch,
    embeddedOrigin: () => embedded.status().url,
    log,
  });

  // One system notification a day when deadlines are overdue (issue 25); its click opens the list.
  const overdue = createOverdueNotifier({
    settings,
    isSupported: () => Notification.isSupported(),
    createNotification: (options) => new Notification(options),
    open: (path) => {
      const window = mainWindow;
      if (!window || window.isDestroyed()) return;
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      window.webContents.send(desktopEvents.remindersOpen, path);
    },
  });

  const isTrusted = appSenderCheck(devServerUrl);
  registerHandlers(ipcMain, {
    ...authIpcHandlers({ isTrusted, tokens }),
    ...settingsIpcHandlers({ isTrusted, settings }),
    ...connectionIpcHandlers({ isTrusted, connection }),
    ...appIpcHandlers({ isTrusted, version: () => app.getVersion(), notice: () => notices.take() }),
    ...filesIpcHandlers({ isTrusted, dialogs, downloads }),
    ...remindersIpcHandlers({ isTrusted, notifier: overdue }),
    ...backupIpcHandlers({ isTrusted, folder: backupFolder, embedded: isEmbedded }),
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        isDev: devTools,
        openLogFolder: () => void shell.openPath(dirname(log.transports.file.getFile().path)),
        openDataFolder: () => void shell.openPath(join(userDataDir, 'data')),
      }),
    ),
  );

  app.on('before-quit', (event) => {
    if (quitting) return;
    // Let the server close its database before the app goes.
    event.preventDefault();
    quitting = true;
    embedded
      .stop()
      .catch((error: unknown) => log.error('embedded server did not stop cleanly', error))
      .finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());
  // GPU, network service, utility processes: logged for support (the embedded server restarts itself).
  app.on('child-process-gone', (_event, details) => logChildProcessGone(log, details));

  // The page's CSP names the API base, so wait for the embedded server (or its error) before loading it.
  await connection.startup();
  const iconPath = join(app.getAppPath(), 'resources', 'icon.png');
  const placement = windowPlacement(
    settings.getWindowState(),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  );
  mainWindow = createMainWindow({
    BrowserWindow,
    preloadPath: join(buildDir, 'preload.cjs'),
    iconPath: existsSync(iconPath) ? iconPath : undefined,
    placement,
    devTools,
    devServerUrl,
    openExternal: (url) => (isExternalWebUrl(url) ? shell.openExternal(url) : undefined),
    askLeave: (window, question) => dialog.showMessageBoxSync(window, { ...question, buttons: [...question.buttons] }),
  });
  rememberWindowState(mainWindow, (state) => settings.setWindowState(state));
  const window = mainWindow;
  watchRenderer({
    window,
    askAgain: async (question) =>
      (await dialog.showMessageBox(window, { ...question, buttons: [...question.buttons] })).response,
    quit: () => app.quit(),
    onReloaded: () => notices.pageReloaded(),
    isQuitting: () => quitting,
    log,
  });
  notices.sendTo((notice) => {
    if (!window.isDestroyed()) window.webContents.send(desktopEvents.noticeChanged, notice);
  });
  mainWindow.on('closed', () => {
    notices.sendTo(null);
    mainWindow = null;
  });
  log.info(`window opened on ${devServerUrl ?? appOrigin}`);
  // The clerk hears that the data stayed where it was, and why (the next start tries again).
  if (dataPlace?.state === 'kept' && dataPaths) {
    const message = moveFailedMessage(dataPlace, dataPaths.local);
    void dialog.showMessageBox(window, { ...message, buttons: [...message.buttons] });
  }

  // 已有 N 天没有成功备份：<原因> (issue 27), from what the embedded server wrote beside its database.
  const backupOverdue = isEmbedded() ? backupOverdueAtStart(userDataDir) : null;
  if (backupOverdue) {
    log.warn(backupOverdue);
    window.webContents.once('did-finish-load', () => {
      void dialog
        .showMessageBox(window, {
          type: 'warning',
          title: backupFolderMessages.overdueTitle,
          message: backupOverdue,
          buttons: [backupFolderMessages.openPage, backupFolderMessages.close],
          defaultId: 0,
          cancelId: 1,
        })
        .then(({ response }) => {
          if (response === 0 && !window.isDestroyed())
            window.webContents.send(desktopEvents.remindersOpen, '/setting/backup');
        });
    });
  }

  // Updates from the office server this PC is connected to (updater.ts); none on the embedded server.
  startUpdates(updateFeedUrl(settings.getConnection()), {
    updater: () => electronUpdater.autoUpdater,
    isPackaged: app.isPackaged,
    askRestart: async (question) =>
      (await dialog.showMessageBox(window, { ...question, buttons: [...question.buttons] })).response,
    log: { info: (message) => log.info(message), warn: (message, error) => log.warn(message, error) },
  });
}
