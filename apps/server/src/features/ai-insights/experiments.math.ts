/**
 * The maths the experiment pages share (docs/ai/experiments.md): the Beta distribution's density and
 * quantiles (credible intervals of the bandit's posteriors), the Wald interval of a difference of two
 * rates, and a seeded binomial draw for the difference-in-differences bootstrap. Pure functions.
 */

/** ln Γ(x), Lanczos (g = 7, n = 9): about 15 digits for x > 0. */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** The Beta(a, b) density at x. */
export function betaPdf(x: number, a: number, b: number): number {
  if (x <= 0 || x >= 1) return (x === 0 && a === 1) || (x === 1 && b === 1) ? Math.exp(-logBeta(a, b)) : 0;
  return Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x) - logBeta(a, b));
}

/** Continued fraction of the incomplete beta (Numerical Recipes' betacf, modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-12) break;
  }
  return h;
}

/** The Beta(a, b) cumulative distribution at x (the regularized incomplete beta I_x(a, b)). */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The q-quantile of Beta(a, b) by bisection on the CDF (60 halvings: far below display precision). */
export function betaQuantile(q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (betaCdf(mid, a, b) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const Z95 = 1.959964;

/** Rate difference (x2/n2 − x1/n1) with its unpooled (Wald) 95 % interval; nulls without sends. */
export function differenceInterval(x1: number, n1: number, x2: number, n2: number) {
  if (n1 <= 0 || n2 <= 0) return { diff: null, low: null, high: null };
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const se = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  const diff = p2 - p1;
  return { diff, low: diff - Z95 * se, high: diff + Z95 * se };
}

/**
 * A draw of Binomial(n, p): the number of replies in a bootstrap resample of n sends whose observed
 * reply rate is p (resampling binary outcomes with replacement gives exactly this count). Counted
 * by geometric gaps between the rarer outcome (cost ∝ n·min(p, 1 − p)); beyond 2,000 expected
 * events, the normal approximation, whose error is far below the interval's width there.
 */
export function binomialDraw(n: number, p: number, rand: () => number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const flip = p > 0.5;
  const q = flip ? 1 - p : p;
  let k: number;
  if (n * q > 2000) {
    let u = 0;
    while (u === 0) u = rand();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
    k = Math.min(n, Math.max(0, Math.round(n * q + z * Math.sqrt(n * q * (1 - q)))));
  } else {
    const logQ = Math.log(1 - q);
    k = 0;
    let pos = 0;
    for (;;) {
      let u = 0;
      while (u === 0) u = rand();
      pos += Math.floor(Math.log(u) / logQ) + 1;
      if (pos > n) break;
      k++;
    }
  }
  return flip ? n - k : k;
}

/** The q-quantile of sorted values (linear interpolation). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}
