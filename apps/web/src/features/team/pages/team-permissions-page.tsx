/** Stub: replaced by the page's implementation (issue 14). */
export function TeamPermissionsPage() {
  return null;
}
export default TeamPermissionsPage;
