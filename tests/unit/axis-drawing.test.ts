/**
 * A chart that follows a drag gets a new d3 axis at each step; src/charts/Axis.tsx redraws its
 * ticks only when what they draw differs (`axisDrawing`). These pin down what counts.
 */
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { axisDrawing } from '../../src/charts/Axis';

const linear = (lo: number, hi: number, w = 300) => scaleLinear().domain([lo, hi]).range([0, w]);

describe('axisDrawing', () => {
  it('is the same for new axes over equal scales, ticks and format', () => {
    expect(axisDrawing(axisBottom(linear(0, 10)).ticks(5, ',~f'))).toBe(
      axisDrawing(axisBottom(linear(0, 10)).ticks(5, ',~f')),
    );
  });

  it('differs when a tick moves, a label changes or the axis is sized otherwise', () => {
    const base = axisDrawing(axisBottom(linear(0, 10)).ticks(5, ',~f'));
    expect(axisDrawing(axisBottom(linear(0, 11)).ticks(5, ',~f'))).not.toBe(base);
    expect(axisDrawing(axisBottom(linear(0, 10, 320)).ticks(5, ',~f'))).not.toBe(base);
    expect(axisDrawing(axisBottom(linear(0, 10)).ticks(5, '.2f'))).not.toBe(base);
    expect(axisDrawing(axisBottom(linear(0, 10)).ticks(10, ',~f'))).not.toBe(base);
    expect(axisDrawing(axisBottom(linear(0, 10)).ticks(5, ',~f').tickSizeOuter(0))).not.toBe(base);
    expect(axisDrawing(axisLeft(scaleLog().domain([1, 10]).range([0, 300])).ticks(5))).not.toBe(
      axisDrawing(axisLeft(scaleLog().domain([1, 100]).range([0, 300])).ticks(5)),
    );
  });

  it('reads a band scale’s categories', () => {
    const band = (names: string[]) => scaleBand().domain(names).range([0, 100]);
    expect(axisDrawing(axisBottom(band(['a', 'b'])))).not.toBe(
      axisDrawing(axisBottom(band(['a', 'c']))),
    );
  });
});
