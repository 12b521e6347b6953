// Raw HTTP for the simulator's tests: headers fetch() will not send as given (Host, Sec-Fetch-Site), and
// requests that never finish.
import { request } from 'node:http';
import { connect } from 'node:net';

interface Answer {
  status: number;
  body: string;
}

/** An HTTP request with headers fetch() will not send as given (Host, Sec-Fetch-Site). */
export function send(port: number, method: string, path: string, headers: Record<string, string>, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens a raw connection, writes `text`, and resolves with how long the server took to close it and
 *  what it answered. */
export function halfSend(port: number, text: string): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, answer }));
  });
}

