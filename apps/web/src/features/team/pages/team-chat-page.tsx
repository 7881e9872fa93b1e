/** Stub: replaced by the page's implementation (issue 14). */
export function TeamChatPage() {
  return null;
}
export default TeamChatPage;
