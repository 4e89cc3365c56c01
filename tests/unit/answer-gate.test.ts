/**
 * The charts workers' answer gate (issue #31; src/state/answerGate.ts, workers/answerGate.ts):
 * a worker about to post waits only while the page has the gate closed, and for a bounded
 * time; opening it wakes the waiting ones. Atomics are watched, the clock is never read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGate, setGate } from '../../src/state/answerGate';
import { ANSWER_WAIT_MS, isGateMessage, waitForGate } from '../../workers/answerGate';

afterEach(() => vi.restoreAllMocks());

const gateOf = () => new Int32Array(new SharedArrayBuffer(4));

describe('the answer gate', () => {
  it('a worker waits only while the gate is closed, never longer than ANSWER_WAIT_MS', () => {
    const gate = gateOf();
    const wait = vi.spyOn(Atomics, 'wait').mockReturnValue('timed-out');
    waitForGate(gate);
    expect(wait).not.toHaveBeenCalled();
    setGate(gate, true);
    waitForGate(gate);
    expect(wait).toHaveBeenCalledWith(gate, 0, 1, ANSWER_WAIT_MS);
    expect(ANSWER_WAIT_MS).toBeGreaterThan(0);
    expect(Number.isFinite(ANSWER_WAIT_MS)).toBe(true);
  });

  it('opening the gate wakes the waiting workers; no gate, nothing waits', () => {
    const gate = gateOf();
    const notify = vi.spyOn(Atomics, 'notify');
    const wait = vi.spyOn(Atomics, 'wait');
    setGate(gate, true);
    expect(notify).not.toHaveBeenCalled();
    setGate(gate, false);
    expect(Atomics.load(gate, 0)).toBe(0);
    expect(notify).toHaveBeenCalledWith(gate, 0);
    setGate(null, true);
    waitForGate(null);
    expect(wait).not.toHaveBeenCalled();
  });

  it('only a page that may share memory makes one; only its message is taken for it', () => {
    // Node is not a cross-origin isolated page.
    expect(makeGate()).toBeNull();
    expect(isGateMessage({ labAnswerGate: new SharedArrayBuffer(4) })).toBe(true);
    expect(isGateMessage({ labAnswerGate: new ArrayBuffer(4) })).toBe(false);
    expect(isGateMessage({ id: 'x', type: 'APPLY', path: ['tables'] })).toBe(false);
    expect(isGateMessage(null)).toBe(false);
  });
});
