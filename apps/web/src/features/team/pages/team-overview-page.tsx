/** Stub: replaced by the page's implementation (issue 14). */
export function TeamOverviewPage() {
  return null;
}
export default TeamOverviewPage;
