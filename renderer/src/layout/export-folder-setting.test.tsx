import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '../testing/render-app';
import { loadSettings } from '../stores/settings';
import { useLayoutStore } from '../stores/layout';
import { exportFolderMessages } from './export-folder-setting';
import { SettingsDrawer } from './settings-drawer';

// The Electron flavour is what is tested: the preload's bridge must be there before platform/desktop.ts is read.
const fake = await vi.hoisted(async () => {
  const { createFakeElectronDesktop } = await import('../testing/fake-electron-desktop');
  const created = createFakeElectronDesktop();
  window.desktop = created.bridge;
  return created;
});

configure({ asyncUtilTimeout: 4000 });

const chosenFolder = 'D:\\业务\\导出';
/** The fake's dialog answers null (cancelled) unless told otherwise. */
const chooseFolder = () => fake.bridge.files.chooseDownloadFolder as Mock<() => Promise<string | null>>;

beforeEach(async () => {
  fake.reset();
  // As main's folder dialog does: remember the folder, then answer it.
  chooseFolder().mockImplementation(async () => {
    await fake.bridge.settings.set({ downloadFolder: chosenFolder });
    return chosenFolder;
  });
  await loadSettings();
  useLayoutStore.setState({ settingsOpen: true });
});

const folderText = () => screen.getByTestId('export-folder');

describe('the export folder in the settings drawer (desktop)', () => {
  it('says exports go to the Downloads folder until the clerk chooses another', async () => {
    renderInApp(<SettingsDrawer />);
    expect(await screen.findByText(exportFolderMessages.title)).toBeInTheDocument();
    expect(folderText()).toHaveTextContent('系统“下载”文件夹');
    expect(screen.getByRole('button', { name: '恢复默认' })).toBeDisabled();
  });

  it('chooses a folder through the native dialog, shows it and says so', async () => {
    renderInApp(<SettingsDrawer />);
    await userEvent.click(await screen.findByRole('button', { name: /更改/ }));
    await waitFor(() => expect(folderText()).toHaveTextContent(chosenFolder));
    expect(await screen.findByText(`导出的 Excel 文件将保存到 ${chosenFolder}`)).toBeInTheDocument();
    expect(fake.bridge.files.chooseDownloadFolder).toHaveBeenCalledOnce();
    // The page never sends a folder of its own.
    expect(fake.bridge.settings.set).toHaveBeenCalledTimes(1);
  });

  it('keeps the folder when the dialog is cancelled', async () => {
    chooseFolder().mockResolvedValueOnce(null);
    renderInApp(<SettingsDrawer />);
    await userEvent.click(await screen.findByRole('button', { name: /更改/ }));
    await waitFor(() => expect(fake.bridge.files.chooseDownloadFolder).toHaveBeenCalledOnce());
    expect(folderText()).toHaveTextContent('系统“下载”文件夹');
  });

  it('goes back to the Downloads folder on 恢复默认', async () => {
    await fake.bridge.settings.set({ downloadFolder: chosenFolder });
    await loadSettings();
    renderInApp(<SettingsDrawer />);
    expect(await screen.findByText(chosenFolder)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(folderText()).toHaveTextContent('系统“下载”文件夹'));
    expect(fake.bridge.settings.set).toHaveBeenLastCalledWith({ downloadFolder: '' });
    expect(await screen.findByText(exportFolderMessages.resetDone)).toBeInTheDocument();
  });
});
