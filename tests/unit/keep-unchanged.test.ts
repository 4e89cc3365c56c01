import { describe, expect, it } from 'vitest';
import { keepUnchanged, sameData } from '../../src/state/keepUnchanged';

describe('keepUnchanged (a step keeps the objects of what did not change, #31)', () => {
  const chart = (id: string, ys: number[]) => ({
    id,
    series: [{ name: 'a', points: ys.map((y, x) => ({ x, y })) }],
  });

  it('keeps an equal item and takes a changed one', () => {
    const shown = [chart('a', [1, 2]), chart('b', [3, 4])];
    const next = [chart('a', [1, 2]), chart('b', [3, 5])];
    const out = keepUnchanged(shown, next);
    expect(out[0]).toBe(shown[0]);
    expect(out[1]).toBe(next[1]);
    expect(out).toEqual(next);
  });

  it('in a changed item, keeps the fields that did not change', () => {
    const shown = [{ ...chart('a', [1, 2]), title: 'old' }];
    const next = [{ ...chart('a', [1, 2]), title: 'new' }];
    const [out] = keepUnchanged(shown, next);
    expect(out).not.toBe(shown[0]);
    expect(out!.title).toBe('new');
    expect(out!.series).toBe(shown[0]!.series);
    expect(out).toEqual(next[0]);
  });

  it('keeps nothing by another id at the same place, or with nothing shown', () => {
    const next = [chart('b', [1, 2])];
    expect(keepUnchanged([chart('a', [1, 2])], next)).toBe(next);
    expect(keepUnchanged(null, next)).toBe(next);
  });

  it('tells values apart, NaN equal to NaN, typed arrays by their elements', () => {
    expect(sameData({ x: NaN }, { x: NaN })).toBe(true);
    expect(sameData({ x: 0 }, { x: -0 })).toBe(false);
    expect(sameData({ x: 1 }, { x: 1, y: undefined })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData(new Float64Array([1, 2]), new Float64Array([1, 2]))).toBe(true);
    expect(sameData(new Float64Array([1, 2]), new Float64Array([1, 3]))).toBe(false);
    expect(sameData(new Float64Array([1, 2]), [1, 2])).toBe(false);
    expect(sameData({ a: [{ b: 'x' }] }, { a: [{ b: 'y' }] })).toBe(false);
  });
});
