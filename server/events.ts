import type { EventName } from '../src/class/protocol.ts';

/**
 * Who listens to which class, in this process: every open event stream, the public ones
 * (students) and the teacher's. A stream registers before its opening snapshot is read and
 * holds what arrives meanwhile, so nothing falls between the snapshot and the live events.
 */
export interface Listener {
  teacher: boolean;
  /** Queue an event; written in order. */
  send(event: EventName, data: unknown): void;
}

export class Hub {
  private readonly rooms = new Map<string, Set<Listener>>();

  add(code: string, listener: Listener): () => void {
    let room = this.rooms.get(code);
    if (!room) this.rooms.set(code, (room = new Set()));
    room.add(listener);
    return () => {
      room.delete(listener);
      if (room.size === 0) this.rooms.delete(code);
    };
  }

  /** To everyone in the class (`state`), or to its teachers only (`student`, `answer`). */
  publish(code: string, event: EventName, data: unknown, teachersOnly = false): void {
    for (const l of this.rooms.get(code) ?? []) if (!teachersOnly || l.teacher) l.send(event, data);
  }

  /** To every class (`health`): the store is the whole server's. */
  broadcast(event: EventName, data: unknown, teachersOnly = false): void {
    for (const code of this.rooms.keys()) this.publish(code, event, data, teachersOnly);
  }

  listeners(code: string): number {
    return this.rooms.get(code)?.size ?? 0;
  }
}

/**
 * A listener that holds events until `open()` (after the stream's first, full message), then
 * writes each one after the one before; `write` failing (the client left) drops the rest.
 */
export function bufferedListener(
  teacher: boolean,
  write: (event: EventName, data: string) => Promise<void>,
): Listener & { open(): void } {
  let queue: [EventName, unknown][] | null = [];
  let chain: Promise<void> = Promise.resolve();
  let broken = false;
  const push = (event: EventName, data: unknown) => {
    chain = chain
      .then(() => (broken ? undefined : write(event, JSON.stringify(data))))
      .catch(() => {
        broken = true;
      });
  };
  return {
    teacher,
    send(event, data) {
      if (queue) queue.push([event, data]);
      else push(event, data);
    },
    open() {
      const held = queue ?? [];
      queue = null;
      for (const [event, data] of held) push(event, data);
    },
  };
}
