/**
 * `node --import tsx server/bench/round-robin-proxy.ts <port> <upstream>…`: hands each request to the
 * next server in turn, over kept-alive connections. The load bench puts it in front of two server
 * processes on one PostgreSQL database (issue 9, point 7) and, for a fair comparison, in front of one.
 */
import { Agent, createServer, request } from 'node:http';

const [portText, ...upstreams] = process.argv.slice(2);
if (!portText || upstreams.length === 0) {
  console.error('usage: round-robin-proxy.ts <port> <http://host:port>…');
  process.exit(2);
}
const targets = upstreams.map((upstream) => new URL(upstream));
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

const server = createServer((incoming, outgoing) => {
  const target = targets[next % targets.length] as URL;
  next += 1;
  const forwarded = request(
    {
      agent,
      hostname: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portText), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
