import { levenbergMarquardt } from 'ml-levenberg-marquardt';

/** A fit's own Levenberg–Marquardt settings (ml-levenberg-marquardt's names). */
type Settings = Record<
  'gradientDifference' | 'maxIterations' | 'errorTolerance' | 'damping',
  number
>;

/**
 * Levenberg–Marquardt (central differences) driving `n` residuals to 0 from `initialValues`:
 * `residualAt(xs)` gives residual i at the coordinates xs (a closure per xs, for the library
 * holds two at once). The models' fits share it (src/models/<id>/tools/).
 */
export function fitResiduals(
  n: number,
  residualAt: (xs: number[]) => (i: number) => number,
  initialValues: number[],
  settings: Settings,
) {
  const data = { x: Array.from({ length: n }, (_, i) => i), y: new Array<number>(n).fill(0) };
  return levenbergMarquardt(data, residualAt, {
    initialValues,
    centralDifference: true,
    ...settings,
  });
}
