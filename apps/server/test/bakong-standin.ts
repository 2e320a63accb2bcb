// The Bakong Open API on 127.0.0.1 (tests only), as a party the shop reaches over the network
// (BAKONG_API_URL), for a shop that runs in production (NODE_ENV=production has no /bakong-sim of
// its own): the same answers as the shop's local stand-in (integrations/bakong/simulator.ts,
// written from the Open API's reference: `POST /v1/check_transaction_by_md5`, `POST
// /v1/renew_token`), its record of transactions in that stand-in's table of the database it is
// given (what Bakong says was paid). `down` makes it an outage: every call is held without an
// answer (Bakong timing out) until it is back; the caller's own time-out ends its wait.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BakongSimulator, simulatorToken } from '../src/integrations/bakong/simulator.ts';
import { bakongSimTransactions } from '../src/integrations/bakong/tables.ts';
import type { Db } from '../src/platform/db.ts';

export class BakongStandin {
  readonly simulator: BakongSimulator;
  /** A token the stand-in takes (BAKONG_TOKEN of the shop): a JWT signed with `secret`, a year long. */
  readonly token: string;
  /** While true, every call is held unanswered (a Bakong that does not answer). */
  down = false;
  /** Calls held during outages, and calls answered. */
  readonly counts = { held: 0, answered: 0 };
  url = '';
  private readonly db: Db;
  private readonly secret: string;
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor(db: Db, secret: string) {
    this.db = db;
    this.secret = secret;
    this.simulator = new BakongSimulator(db);
    this.token = simulatorToken(secret);
    this.server = http.createServer((req, res) => void this.serve(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A payer's banking app pays the KHQR `payload` (Bakong records it); see BakongSimulator.pay. */
  pay(payload: string) {
    return this.simulator.pay(payload);
  }

  /** Bakong's record: every transaction it holds, by MD5 of the KHQR paid. */
  async transactions() {
    return this.db.select().from(bakongSimTransactions);
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (this.down) {
      // No answer: the shop's client gives up at its BAKONG_TIMEOUT_MS.
      this.counts.held++;
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    let body: unknown = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    } catch {}
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method !== 'POST') return json(405, { message: 'Method Not Allowed' });
    this.counts.answered++;
    if (req.url === '/v1/check_transaction_by_md5') {
      const answer = await this.simulator.checkTransactionByMd5(req.headers.authorization, body);
      return json(answer.status, answer.body);
    }
    if (req.url === '/v1/renew_token') {
      const answer = await this.simulator.renewToken(body, this.secret);
      return json(answer.status, answer.body);
    }
    return json(404, { message: 'Not Found' });
  }
}
