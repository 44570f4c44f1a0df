/**
 * A change to an object that other modules may hear of (webhooks send them out). Modules emit them
 * on the app's event bus as `domain.event`; none knows who listens.
 */
export type DomainEvent = {
  /** `terminal.online`, `task.finished`, …: the webhook event types. */
  type: string;
  /** The account the object belongs to. */
  ownerId: string;
  /** Names the object (`task:<id>`); listeners keep the events of one object in order. */
  objectKey: string;
  data: Record<string, unknown>;
  at?: Date;
};

/** How a module announces a domain event; it never waits and never fails the caller. */
export type AnnounceDomainEvent = (e: DomainEvent) => void;
