/** Stub: replaced by the page's implementation (issue 14). */
export function TeamWorkspacesPage() {
  return null;
}
export default TeamWorkspacesPage;
