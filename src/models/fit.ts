/**
 * Linear least squares, shared by the calibrations that are linear in their unknowns (the
 * cross-boundary IPC costs). Non-linear fits use Levenberg–Marquardt in scripts/.
 */

/** Solves a·x = b by Gaussian elimination with partial pivoting; throws when singular. */
export function solveLinear(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-12) throw new Error('Singular system: too few cells to fit');
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((r, i) => r[n]! / r[i]!);
}

/**
 * The x minimising Σ (rows[i]·x − b[i])², by the normal equations (AᵀA x = Aᵀb).
 * Deterministic; throws on a singular system (too few independent rows).
 */
export function leastSquares(rows: readonly (readonly number[])[], b: readonly number[]): number[] {
  const m = rows[0]?.length ?? 0;
  const ata = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  const atb = new Array<number>(m).fill(0);
  rows.forEach((a, r) => {
    for (let i = 0; i < m; i++) {
      atb[i]! += a[i]! * b[r]!;
      for (let j = 0; j < m; j++) ata[i]![j]! += a[i]! * a[j]!;
    }
  });
  if (m === 0) throw new Error('Singular system: too few cells to fit');
  return solveLinear(ata, atb);
}
