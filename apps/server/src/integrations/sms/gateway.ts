/** A text-message gateway: the one thing the shop needs from an SMS provider. */
export interface SmsGateway {
  readonly name: 'simulator' | 'http';
  /** Hands one message to the provider; resolves with the provider's message id, throws on failure. */
  send(message: { to: string; text: string; reference: string }): Promise<{ providerId: string }>;
}

/**
 * The local stand-in (DESIGN §7): takes as long as a real gateway and fails now and then, so the
 * retrying delivery job is exercised. The message itself stays in the outbox table.
 */
export class SimulatedSmsGateway implements SmsGateway {
  readonly name = 'simulator' as const;
  private readonly delayMs: number;
  private readonly failureRate: number;
  private readonly random: () => number;
  private sent = 0;

  constructor(options: {
    delayMs: number;
    failureRate: number;
    random?: () => number;
  }) {
    this.delayMs = options.delayMs;
    this.failureRate = options.failureRate;
    this.random = options.random ?? Math.random;
  }

  async send(message: { to: string; text: string; reference: string }): Promise<{ providerId: string }> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs * (0.5 + this.random())));
    if (!/^\+\d{8,15}$/.test(message.to)) throw new Error(`simulator: invalid destination ${message.to}`);
    if (this.random() < this.failureRate) throw new Error('simulator: gateway temporarily unavailable (503)');
    this.sent += 1;
    return { providerId: `sim-${message.reference}-${this.sent}` };
  }
}

/**
 * A real HTTP gateway (`SMS_GATEWAY_URL`): POST JSON `{ to, from, text, reference }` with a bearer
 * token; a 2xx answer with `{ id }` (or `{ messageId }`) means accepted. Anything else throws so the
 * delivery job retries.
 */
export class HttpSmsGateway implements SmsGateway {
  readonly name = 'http' as const;
  private readonly url: string;
  private readonly token: string | undefined;
  private readonly sender: string;
  private readonly timeoutMs: number;

  constructor(options: {
    url: string;
    token?: string;
    sender: string;
    timeoutMs?: number;
  }) {
    this.url = options.url;
    this.token = options.token;
    this.sender = options.sender;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(message: { to: string; text: string; reference: string }): Promise<{ providerId: string }> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        'idempotency-key': message.reference,
      },
      body: JSON.stringify({
        to: message.to,
        from: this.sender,
        text: message.text,
        reference: message.reference,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      id?: unknown;
      messageId?: unknown;
      error?: unknown;
    };
    if (!response.ok) throw new Error(`sms gateway answered ${response.status}${body.error ? `: ${String(body.error)}` : ''}`);
    const id = body.id ?? body.messageId;
    if (typeof id !== 'string' && typeof id !== 'number') throw new Error('sms gateway answered without a message id');
    return { providerId: String(id) };
  }
}

export function createSmsGateway(config: {
  gatewayUrl: string | undefined;
  gatewayToken: string | undefined;
  sender: string;
  simDelayMs: number;
  simFailureRate: number;
}): SmsGateway {
  if (config.gatewayUrl)
    return new HttpSmsGateway({
      url: config.gatewayUrl,
      token: config.gatewayToken,
      sender: config.sender,
    });
  return new SimulatedSmsGateway({
    delayMs: config.simDelayMs,
    failureRate: config.simFailureRate,
  });
}
