/**
 * The buyers' HTTP client for loads (crash test, `bench/checkout.ts`): HTTP/1.1 over kept-alive
 * sockets, a request written as one string and the answer read by its content-length, nothing more.
 *
 * Why not node:http or fetch: the load generator shares the machine's two cores with the server
 * and PostgreSQL, so every microsecond it spends is taken from what is measured. fetch spent 2.8 ms
 * of CPU per checkout, node:http's agent 0.3 (the bench prints it); pgbench's own clients are C.
 * The server always answers these calls with a content-length (fastify does for JSON); anything
 * else (chunked, a closed socket, bytes past the body) is an error, never a guess.
 */
import net from 'node:net';

type Waiting = { resolve: (body: string) => void; reject: (error: Error) => void };

const HEADER_END = Buffer.from('\r\n\r\n');

class KeptConnection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: Waiting | undefined;
  /** Set once the socket can no longer carry a request (closed, failed, or told to close). */
  closed = false;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  request(head: string, body: string): Promise<string> {
    if (this.waiting) throw new Error('one request at a time per connection');
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(head + body);
    });
  }

  destroy() {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
    const bodyStart = headEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.received.length < bodyEnd) return;
    if (this.received.length > bodyEnd) return this.fail(new Error('bytes past the answer'));
    const body = this.received.toString('utf8', bodyStart, bodyEnd);
    this.received = Buffer.alloc(0);
    if (/\r\nconnection: *close/i.test(head)) this.destroy();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(body);
  }

  private fail(error: Error) {
    this.closed = true;
    this.socket.destroy();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/** Idle connections by origin; a request takes one (or opens one) and gives it back when answered. */
const idle = new Map<string, KeptConnection[]>();

export async function postJson(
  url: string,
  token: string,
  body: unknown,
): Promise<{ code: string; data: Record<string, string> }> {
  const { host, hostname, port, pathname } = new URL(url);
  const payload = JSON.stringify(body);
  const head =
    `POST ${pathname} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\n` +
    `content-length: ${Buffer.byteLength(payload)}\r\napptype: h5\r\nappversion: 1.0\r\nlanguage: en-US\r\n` +
    `authorization: Bearer ${token}\r\n\r\n`;
  const origin = `${hostname}:${port}`;
  let pool = idle.get(origin);
  if (!pool) {
    pool = [];
    idle.set(origin, pool);
  }
  let connection = pool.pop();
  while (connection?.closed) connection = pool.pop(); // closed by the server while idle
  connection ??= new KeptConnection(hostname, Number(port));
  const answer = await connection.request(head, payload);
  if (!connection.closed) pool.push(connection);
  return JSON.parse(answer);
}
