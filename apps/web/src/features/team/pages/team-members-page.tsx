/** Stub: replaced by the page's implementation (issue 14). */
export function TeamMembersPage() {
  return null;
}
export default TeamMembersPage;
