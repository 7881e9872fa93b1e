/** Stub: replaced by the access console (issue 14). */
export function RbacPage() {
  return null;
}
export default RbacPage;
