import pg from 'pg';

/**
 * A message of a PostgreSQL channel (pg_notify), or `null`: the connection was (re)established
 * and messages of the time before may have been missed, so listeners should look again.
 */
export type ChannelListener = (payload: string | null) => void;

export interface DatabaseNotificationsOptions {
  connectionString: string;
  log?: { info(message: string): void; warn(message: string): void };
  /** First and largest wait between reconnection attempts (ms). */
  backoff?: { initialMs: number; maxMs: number };
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * One dedicated connection per process LISTENing on the channels subscribed to, fanning their messages out to
 * subscribers in this process. PostgreSQL delivers a channel's messages on commit, so listeners
 * hear of committed changes only. When the connection is lost (PostgreSQL restarted or killed) it
 * reconnects with exponential backoff, and tells every listener `null` once it is back.
 */
export class DatabaseNotifications {
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private client: pg.Client | null = null;
  private closed = false;
  private wake: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private connectedOnce = false;

  constructor(private readonly options: DatabaseNotificationsOptions) {}

  /** Whether the LISTEN connection is up right now. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Starts connecting (in the background, retrying until close). */
  start(): void {
    this.running ??= this.run();
  }

  /** Resolves once connected (for tests and start-up), or rejects after `timeoutMs`. */
  async waitUntilConnected(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.connected) {
      if (this.closed) throw new Error('LISTEN の接続は閉じられています');
      if (Date.now() > deadline) throw new Error('LISTEN の接続が時間内にできませんでした');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Listens to a channel (LISTEN once per channel and connection); returns the unsubscribe. */
  subscribe(channel: string, listener: ChannelListener): () => void {
    if (!CHANNEL.test(channel)) throw new Error(`LISTEN のチャンネル名が不正です: ${channel}`);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      // A failure here ends the connection, and the next one listens to every channel.
      this.client?.query(`listen ${channel}`).catch(() => {});
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.running;
  }

  private dispatch(channel: string, payload: string | null): void {
    for (const listener of this.listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        this.options.log?.warn(`LISTEN ${channel} の受け手が失敗しました: ${String(error)}`);
      }
    }
  }

  private async run(): Promise<void> {
    const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 250, maxMs: 10_000 };
    let attempt = 0;
    while (!this.closed) {
      const client = new pg.Client({
        connectionString: this.options.connectionString,
        application_name: 'tsumiki-listen',
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
      });
      // Without a listener an 'error' of the connection (PostgreSQL gone) would end the process.
      client.on('error', () => {});
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      try {
        await client.connect();
        for (const channel of this.listeners.keys()) await client.query(`listen ${channel}`);
        if (this.closed) {
          await client.end().catch(() => {});
          break;
        }
        client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
        this.client = client;
        attempt = 0;
        if (this.connectedOnce) this.options.log?.info('LISTEN の接続が戻りました');
        this.connectedOnce = true;
        // Whatever was sent while nobody listened is lost: every listener looks again.
        for (const channel of this.listeners.keys()) this.dispatch(channel, null);
        await ended;
        if (!this.closed) this.options.log?.warn('LISTEN の接続が切れました（再接続します）');
      } catch (error) {
        await client.end().catch(() => {});
        if (this.closed) break;
        if (attempt === 0)
          this.options.log?.warn(`LISTEN の接続ができません（再試行します）: ${String(error)}`);
      }
      if (this.client === client) this.client = null;
      if (this.closed) break;
      const delay = Math.min(maxMs, initialMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      attempt += 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }
}
