import type { TenantTransaction } from '../db/tenant-scope';
import './events.tables';

/**
 * What a module says happened. Recorded in the same transaction as the change that caused it,
 * so an event exists exactly when its change does; listeners (the notifications module, later
 * audit and webhooks) run in that transaction too.
 */
export interface DomainEvent {
  /** `<resource>.<what happened>`, e.g. customer.created. */
  type: string;
  /** The user who caused it; null for the system. */
  actorId: string | null;
  subjectId?: string | null;
  /** What listeners need to describe it (names, counts): a copy, not a reference. */
  payload?: Record<string, unknown>;
}

export interface RecordedEvent extends Required<DomainEvent> {
  id: string;
  tenantId: string;
  occurredAt: Date;
}

export type EventListener = (tx: TenantTransaction, event: RecordedEvent) => Promise<void>;

/** The one small API through which modules emit events and others listen to them. */
export class DomainEvents {
  private readonly listeners = new Map<string, EventListener[]>();

  /** Listens to events of one type. */
  on(type: string, listener: EventListener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  async emit(tx: TenantTransaction, event: DomainEvent): Promise<RecordedEvent> {
    const payload = event.payload ?? {};
    const row = await tx
      .insertInto('domain_events')
      .values({
        tenant_id: tx.tenantId,
        type: event.type,
        actor_id: event.actorId,
        subject_id: event.subjectId ?? null,
        // node-postgres sends a plain object as JSON.
        payload,
      })
      .returning(['id', 'occurred_at'])
      .executeTakeFirstOrThrow();
    const recorded: RecordedEvent = {
      id: row.id,
      tenantId: tx.tenantId,
      occurredAt: row.occurred_at,
      type: event.type,
      actorId: event.actorId,
      subjectId: event.subjectId ?? null,
      payload,
    };
    for (const listener of this.listeners.get(event.type) ?? []) await listener(tx, recorded);
    return recorded;
  }
}
