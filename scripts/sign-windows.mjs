// electron-builder's custom `sign` hook (win.signtoolOptions.sign, set by windows-signing.mjs when
// WIN_SIGN_COMMAND is given): the office's own tool signs each file, e.g. signtool with a hardware token's
// CSP or a cloud key service's client. electron-builder calls it once per file and hash.
import { signWithCommand } from './windows-signing.mjs';

export default function sign(configuration) {
  signWithCommand(configuration.path);
}
