/**
 * A charts worker's side of the answer gate (issue #31; the page's side and the why are in
 * src/state/answerGate.ts): the flag arrives in a message of its own, and before each answer is
 * posted the worker waits while the flag is 1, at most `ANSWER_WAIT_MS`.
 */

/** The longest a charts worker's answer waits for a step's tables: never stuck behind them. */
export const ANSWER_WAIT_MS = 50;

/** The message that hands a charts worker the flag, its first. */
export interface GateMessage {
  labAnswerGate: SharedArrayBuffer;
}

export function isGateMessage(data: unknown): data is GateMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof SharedArrayBuffer !== 'undefined' &&
    (data as Partial<GateMessage>).labAnswerGate instanceof SharedArrayBuffer
  );
}

/** Before a post: waits while the gate is closed, at most `ANSWER_WAIT_MS`. */
export function waitForGate(gate: Int32Array | null): void {
  if (gate && Atomics.load(gate, 0) === 1) Atomics.wait(gate, 0, 1, ANSWER_WAIT_MS);
}
