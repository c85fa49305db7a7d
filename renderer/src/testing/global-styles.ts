/*
 * Test helper, never bundled. Vitest hands CSS imports over empty, so a test that must see what the app's own
 * stylesheet does to an element (a sticky header) reads the file itself and puts it in the page, as the
 * running app does. node:fs is loaded at run time: the renderer's TypeScript has no Node types on purpose.
 */

interface NodeFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
}

/** Relative to the repository root, where vitest runs. */
const GLOBAL_CSS = 'renderer/src/styles/global.css';

/** Adds the app's global stylesheet to the page; answers the function that removes it. */
export async function installGlobalStyles(): Promise<() => void> {
  const { readFile } = (await import(/* @vite-ignore */ `node:${'fs/promises'}`)) as NodeFs;
  const style = document.createElement('style');
  style.dataset.testGlobalStyles = '';
  style.textContent = await readFile(GLOBAL_CSS, 'utf8');
  document.head.appendChild(style);
  return () => style.remove();
}
