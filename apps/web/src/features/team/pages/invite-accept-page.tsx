/** Stub: replaced by the page's implementation (issue 14). */
export function InviteAcceptPage() {
  return null;
}
export default InviteAcceptPage;
