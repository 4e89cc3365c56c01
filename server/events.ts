import type { EventName } from '../src/class/protocol.ts';

/**
 * Who listens to which class, in this process: every open event stream, the public ones
 * (students) and the teacher's. A stream registers before its opening snapshot is read and
 * holds what arrives meanwhile, so nothing falls between the snapshot and the live events.
 */
export interface Listener {
  teacher: boolean;
  /** The student whose token opened the stream; none for a teacher's or a join-code stream. */
  studentId?: string;
  /** The network address that opened it. */
  address?: string;
  /** Queue an event; written in order. */
  send(event: EventName, data: unknown): void;
  /** Ends the stream from the server's side, after what is queued (a student removed). */
  close?(): void;
}

export class Hub {
  private readonly rooms = new Map<string, Set<Listener>>();

  add(code: string, listener: Listener): () => void {
    let room = this.rooms.get(code);
    if (!room) this.rooms.set(code, (room = new Set()));
    room.add(listener);
    return () => {
      room.delete(listener);
      if (room.size === 0 && this.rooms.get(code) === room) this.rooms.delete(code);
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

  /** To the listeners `which` picks only (a removed student's own streams). */
  publishTo(code: string, which: (l: Listener) => boolean, event: EventName, data: unknown) {
    for (const l of this.rooms.get(code) ?? []) if (which(l)) l.send(event, data);
  }

  /** The class's open streams, or those `which` picks. */
  listeners(code: string, which?: (l: Listener) => boolean): number {
    const room = this.rooms.get(code);
    if (!room || !which) return room?.size ?? 0;
    let n = 0;
    for (const l of room) if (which(l)) n++;
    return n;
  }

  /** Ends the streams `which` picks (after what is queued for them); they count no more. */
  closeWhere(code: string, which: (l: Listener) => boolean): void {
    const room = this.rooms.get(code);
    for (const l of [...(room ?? [])])
      if (which(l)) {
        room!.delete(l);
        l.close?.();
      }
    if (room?.size === 0) this.rooms.delete(code);
  }

  /** Ends the oldest of the streams `which` picks until fewer than `keep` remain. */
  keepNewest(code: string, which: (l: Listener) => boolean, keep: number): void {
    let extra = this.listeners(code, which) - keep + 1;
    this.closeWhere(code, (l) => extra > 0 && which(l) && extra-- > 0);
  }
}

/**
 * A listener that holds events until `open()` (after the stream's first, full message), then
 * writes each one after the one before; `write` failing (the client left) drops the rest.
 * `close()` calls `end` once everything queued before it is written.
 */
export function bufferedListener(
  who: { teacher: boolean; studentId?: string; address?: string },
  write: (event: EventName, data: string) => Promise<void>,
  end: () => void = () => {},
): Listener & { open(): void } {
  let queue: [EventName, unknown][] | null = [];
  let chain: Promise<void> = Promise.resolve();
  let broken = false;
  let closing = false;
  const push = (event: EventName, data: unknown) => {
    chain = chain
      .then(() => (broken ? undefined : write(event, JSON.stringify(data))))
      .catch(() => {
        broken = true;
      });
  };
  return {
    ...who,
    send(event, data) {
      if (closing) return;
      if (queue) queue.push([event, data]);
      else push(event, data);
    },
    close() {
      if (closing) return;
      closing = true;
      const held = queue ?? [];
      queue = null;
      for (const [event, data] of held) push(event, data);
      chain = chain.then(end, end);
    },
    open() {
      if (closing) return;
      const held = queue ?? [];
      queue = null;
      for (const [event, data] of held) push(event, data);
    },
  };
}
