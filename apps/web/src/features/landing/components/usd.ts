/**
 * Whole US dollars as the landing page shows them ($1,200). Written out rather than with
 * toLocaleString("en-US"): the first locale-aware format on a page loads ICU's data (30-120 ms of
 * an unthrottled core here, a long task inside the landing page's first render), and the
 * catalogue's prices are whole dollars (contracts/plans.ts), for which the two agree.
 */
export function usd(n: number): string {
  return `$${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
