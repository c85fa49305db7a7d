// `npm install` / `npm ci` run this first (preinstall): on a Node older than the project's, stop with a
// message a clerk's IT can act on instead of npm's EBADENGINE warning and a broken install after it.
// Plain old JavaScript on purpose: it must run on the old Node it is refusing.
var required = [22, 12];
var parts = process.versions.node.split('.').map(Number);
var tooOld = parts[0] < required[0] || (parts[0] === required[0] && parts[1] < required[1]);
if (tooOld) {
  console.error('');
  console.error('本项目需要 Node.js 24 LTS（最低 22.12），当前是 ' + process.version + '。');
  console.error('请从 https://nodejs.org 安装 Node.js 24 LTS 后重新运行 npm install。');
  console.error('');
  process.exit(1);
}
