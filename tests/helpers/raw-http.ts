import { connect } from 'node:net';

/**
 * Sends bytes exactly as given over a real socket and reads the whole answer: for requests a client
 * library would refuse to write (absolute-form request lines, oversized headers, broken request lines).
 * `head` is the status line and headers in lower case.
 */
export const rawHttp = (port: number, request: string): Promise<{ status: number; head: string; body: string }> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = received.indexOf('\r\n\r\n');
      const head = split === -1 ? received : received.slice(0, split);
      const body = split === -1 ? '' : received.slice(split + 4);
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase(), body });
    });
    socket.write(request);
  });
