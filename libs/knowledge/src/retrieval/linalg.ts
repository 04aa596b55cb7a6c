/**
 * The little dense linear algebra LSA needs, in Float64 and column-major layout (column c of an
 * n-row matrix is a[c*n .. c*n+n)), so every inner loop walks contiguous memory.
 */

/** mulberry32: small, fast, and the same sequence on every platform for a given seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal samples by Box–Muller. */
export function gaussianMatrix(rows: number, cols: number, seed: number): Float64Array {
  const rnd = seededRandom(seed);
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < out.length; i += 2) {
    const u = Math.max(rnd(), 1e-12);
    const v = rnd();
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < out.length) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

function dot(a: Float64Array, ao: number, b: Float64Array, bo: number, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += (a[ao + i] as number) * (b[bo + i] as number);
  return s;
}

/**
 * Orthonormalises the columns in place by modified Gram–Schmidt; two passes ("twice is
 * enough") keep orthogonality at machine precision, one suffices inside power iterations. A column that vanishes (rank
 * deficiency, e.g. a corpus smaller than the target dimension) is set to zero rather than
 * normalised noise; downstream its singular value is then 0 and the dimension is unused.
 */
export function orthonormalizeColumns(a: Float64Array, n: number, cols: number, passes = 2): void {
  const original = new Float64Array(cols);
  for (let c = 0; c < cols; c++) original[c] = Math.sqrt(dot(a, c * n, a, c * n, n));
  for (let pass = 0; pass < passes; pass++) {
    for (let c = 0; c < cols; c++) {
      const co = c * n;
      for (let p = 0; p < c; p++) {
        const po = p * n;
        const r = dot(a, po, a, co, n);
        if (r !== 0)
          for (let i = 0; i < n; i++) a[co + i] = (a[co + i] as number) - r * (a[po + i] as number);
      }
      const norm = Math.sqrt(dot(a, co, a, co, n));
      if (norm <= 1e-10 * Math.max(original[c] as number, 1e-300)) {
        a.fill(0, co, co + n);
      } else {
        for (let i = 0; i < n; i++) a[co + i] = (a[co + i] as number) / norm;
      }
    }
  }
}

/** G = Aᵀ A for an n×cols column-major A; returns a symmetric cols×cols matrix (column-major). */
export function gram(a: Float64Array, n: number, cols: number): Float64Array {
  const g = new Float64Array(cols * cols);
  for (let c = 0; c < cols; c++) {
    for (let d = c; d < cols; d++) {
      const v = dot(a, c * n, a, d * n, n);
      g[c * cols + d] = v;
      g[d * cols + c] = v;
    }
  }
  return g;
}

/**
 * Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: slow for large n but
 * exact to machine precision and tiny; LSA only needs it on the (dim+oversample)² sketch.
 * Returns eigenvalues descending and eigenvectors as the columns of a column-major matrix.
 */
export function symmetricEigen(
  input: Float64Array,
  n: number,
): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(input);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  const at = (r: number, c: number) => a[c * n + r] as number;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let c = 0; c < n; c++) {
      diag += at(c, c) * at(c, c);
      for (let r = 0; r < c; r++) off += at(r, c) * at(r, c);
    }
    if (off <= 1e-22 * Math.max(diag, 1e-300)) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = at(p, q);
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (at(q, q) - at(p, p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cos = 1 / Math.sqrt(t * t + 1);
        const sin = t * cos;
        for (let k = 0; k < n; k++) {
          const akp = a[p * n + k] as number;
          const akq = a[q * n + k] as number;
          a[p * n + k] = cos * akp - sin * akq;
          a[q * n + k] = sin * akp + cos * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[k * n + p] as number;
          const aqk = a[k * n + q] as number;
          a[k * n + p] = cos * apk - sin * aqk;
          a[k * n + q] = sin * apk + cos * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[p * n + k] as number;
          const vkq = v[q * n + k] as number;
          v[p * n + k] = cos * vkp - sin * vkq;
          v[q * n + k] = sin * vkp + cos * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => at(y, y) - at(x, x));
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    values[dst] = at(src, src);
    vectors.set(v.subarray(src * n, src * n + n), dst * n);
  });
  return { values, vectors };
}
