/** Stub: replaced by the page's implementation (issue 14). */
export function TeamActivityPage() {
  return null;
}
export default TeamActivityPage;
