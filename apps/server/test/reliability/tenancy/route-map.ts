/**
 * Where each path parameter of a templated route takes workspace A's value from. The sweep FAILS
 * on a templated operation that matches neither a mapping here nor an entry of EXCLUDED, so a new
 * route cannot slip through unswept.
 *
 * A source is:
 * - `table:<name>` — the id of a row of that table in A's workspace (`table:<name>.<column>` for another column);
 * - `workspace`, `organization`, `user` — A's workspace, organization, owner;
 * - `picture` — A's profile picture file name;
 * - `shared:<table>` — a row that is instance-wide by design (no workspace_id), the one A caused:
 *   any status below 500 passes, and the answer must hold nothing of A;
 * - `own:<value>` — the parameter names something in the CALLER's own scope (an enum: a role, an
 *   agent kind, a model task, a security rule; a queue name): there is no A record to aim at; the
 *   call is still made and must leak nothing of A and change nothing of A, whatever its status.
 */
export interface RouteMapping {
  /** Matched against the OpenAPI path template. */
  path: RegExp;
  params: Record<string, string>;
  /** Statuses that pass besides 404 (e.g. 403 where the spec says so). */
  allow?: number[];
}

export const ROUTE_MAP: RouteMapping[] = [
  { path: /^\/api\/v1\/rbac\/roles\/\{role\}/, params: { role: "own:sales_rep" } },
  { path: /^\/api\/v1\/rbac\/users\/\{id\}/, params: { id: "user" } },
  { path: /^\/api\/v1\/rbac\/teams\/\{id\}/, params: { id: "table:teams", user: "user" } },
  { path: /^\/api\/v1\/rbac\/policies\/\{id\}/, params: { id: "table:access_policies" } },
  { path: /^\/api\/v1\/rbac\/features\/\{key\}/, params: { key: "own:ai_insights" } },
  { path: /^\/api\/v1\/rbac\/access-requests\/\{id\}/, params: { id: "table:access_requests" } },
  { path: /^\/api\/v1\/rbac\/tokens\/\{id\}/, params: { id: "table:access_tokens" } },
  { path: /^\/api\/v1\/users\/\{id\}/, params: { id: "user" } },
  { path: /^\/api\/user-settings\/api-keys\/\{id\}/, params: { id: "table:api_keys" } },
  { path: /^\/api\/notifications\/\{id\}/, params: { id: "table:notifications" } },
  // The local test mailbox is the instance administrator's (every workspace's mail): 403 to anyone else.
  { path: /^\/api\/mailbox\/\{id\}/, params: { id: "table:mail_messages" }, allow: [403] },
  { path: /^\/api\/ai\/activity\/\{id\}/, params: { id: "table:ai_actions" } },
  { path: /^\/api\/ai\/feedback\/\{actionId\}/, params: { actionId: "table:ai_actions" } },
  { path: /^\/api\/leads\/import-jobs\/\{id\}/, params: { id: "table:lead_import_jobs" } },
  { path: /^\/api\/leads\/enrichment-jobs\/\{id\}/, params: { id: "table:enrichment_jobs" } },
  { path: /^\/api\/leads\/scraping-jobs\/\{id\}/, params: { id: "table:scraping_jobs" } },
  { path: /^\/api\/leads\/\{id\}/, params: { id: "table:leads" } },
  { path: /^\/api\/inboxes\/\{id\}/, params: { id: "table:inboxes" } },
  { path: /^\/api\/campaigns\/\{id\}/, params: { id: "table:campaigns", leadId: "table:leads" } },
  { path: /^\/api\/ai\/email-templates\/\{id\}/, params: { id: "table:saved_email_templates" } },
  { path: /^\/api\/suppression\/\{email\}/, params: { email: "table:suppressions.email" } },
  { path: /^\/api\/experiments\/\{campaign_id\}\/\{step\}/, params: { campaign_id: "table:campaigns", step: "own:1" } },
  { path: /^\/api\/kill-switch\/holds\/\{id\}/, params: { id: "table:sending_holds" } },
  { path: /^\/api\/crm\/stages\/\{id\}/, params: { id: "table:crm_stages" } },
  { path: /^\/api\/crm\/customers\/\{id\}/, params: { id: "table:crm_customers" } },
  { path: /^\/api\/crm\/deals\/\{id\}/, params: { id: "table:crm_deals" } },
  { path: /^\/api\/crm\/tasks\/\{id\}/, params: { id: "table:crm_tasks" } },
  { path: /^\/api\/crm\/interactions\/\{id\}/, params: { id: "table:crm_interactions" } },
  { path: /^\/api\/ai\/reply-intent\/replies\/\{id\}/, params: { id: "table:reply_intents" } },
  { path: /^\/api\/ai\/reply-intent\/reclassify-jobs\/\{id\}/, params: { id: "table:reply_intent_jobs" } },
  { path: /^\/api\/pipeline\/health\/deal\/\{id\}/, params: { id: "table:crm_deals" } },
  { path: /^\/api\/deal-insights\/\{id\}/, params: { id: "table:crm_deals" } },
  { path: /^\/api\/deliverability\/refresh\/\{id\}/, params: { id: "table:deliverability_runs" } },
  { path: /^\/api\/deliverability\/domains\/\{domain\}/, params: { domain: "table:deliverability_domains.domain|tenant-a.example.com" } },
  { path: /^\/api\/deliverability\/messages\/\{id\}/, params: { id: "table:mail_messages" } },
  { path: /^\/api\/send-insights\/providers\/lookup-jobs\/\{id\}/, params: { id: "table:send_insights_lookup_jobs" } },
  { path: /^\/api\/coaching\/campaigns\/\{id\}/, params: { id: "table:campaigns" } },
  { path: /^\/api\/bulk-operations\/\{id\}/, params: { id: "table:bulk_operations" } },
  { path: /^\/api\/user-settings\/exports\/\{id\}/, params: { id: "table:data_exports", name: "table:data_exports.main_file" } },
  { path: /^\/api\/user-settings\/scheduled-exports\/\{id\}/, params: { id: "table:scheduled_exports" } },
  { path: /^\/api\/user-settings\/backups\/\{id\}/, params: { id: "table:backups" } },
  // Instance administration (a workspace owner is not an instance admin): refused with 403 by design.
  { path: /^\/api\/system-monitor\/queues\/\{name\}/, params: { name: "own:campaign-send" }, allow: [403] },
  { path: /^\/api\/system-monitor\/errors\/\{group\}/, params: { group: "table:error_reports" }, allow: [403] },
  { path: /^\/api\/decisions\/\{id\}/, params: { id: "table:decisions" } },
  { path: /^\/api\/automation\/rules\/\{id\}/, params: { id: "table:automation_rules" } },
  { path: /^\/api\/nurture\/sequences\/\{id\}/, params: { id: "table:nurture_sequences" } },
  { path: /^\/api\/analytics\/team-performance\/\{userId\}/, params: { userId: "user" } },
  { path: /^\/api\/analytics\/optimization\/scenarios\/\{id\}/, params: { id: "table:optimization_scenarios" } },
  { path: /^\/api\/analytics\/intelligence\/insights\/runs\/\{id\}/, params: { id: "table:analytics_insight_runs" } },
  { path: /^\/api\/analytics\/intelligence\/benchmarks\/\{id\}/, params: { id: "table:analytics_benchmarks" } },
  { path: /^\/api\/lead-scoring\/train-jobs\/\{id\}/, params: { id: "table:lead_score_train_jobs" } },
  // B has no trained model: 409 LEAD_SCORING_NO_MODEL comes before any lead lookup and says nothing of A.
  { path: /^\/api\/lead-scoring\/leads\/\{id\}/, params: { id: "table:leads" }, allow: [409] },
  { path: /^\/api\/reports\/schedules\/\{id\}/, params: { id: "table:report_schedules" } },
  { path: /^\/api\/reports\/\{id\}/, params: { id: "table:saved_reports" } },
  // Built-in playbook templates, addressed by the hash of their content: the same for everyone.
  { path: /^\/api\/playbooks\/templates\/\{hash\}/, params: { hash: "own:0000000000000000" } },
  { path: /^\/api\/recommendations\/runs\/\{id\}/, params: { id: "table:recommendation_runs" } },
  { path: /^\/api\/recommendations\/\{id\}/, params: { id: "table:recommendations" } },
  { path: /^\/api\/ai-models\/\{task\}/, params: { task: "own:lead_score", version: "table:ml_models.version|1" } },
  { path: /^\/api\/ai\/agents\/\{kind\}/, params: { kind: "own:research_lead" } },
  { path: /^\/api\/ai\/agent-runs\/\{id\}/, params: { id: "table:ai_agent_runs", proposalId: "table:ai_agent_proposals" } },
  { path: /^\/api\/ai\/explain\/actions\/\{id\}/, params: { id: "table:ai_actions" } },
  { path: /^\/api\/ai\/explain\/leads\/\{id\}/, params: { id: "table:leads" } },
  { path: /^\/api\/ai\/explain\/replies\/\{id\}/, params: { id: "table:reply_intents" } },
  { path: /^\/api\/ai\/explain\/recommendations\/\{id\}/, params: { id: "table:recommendations" } },
  { path: /^\/api\/memory\/leads\/\{id\}/, params: { id: "table:leads" } },
  { path: /^\/api\/content\/images\/\{id\}/, params: { id: "table:personalized_images" } },
  {
    path: /^\/api\/v1\/workspaces\/\{id\}/,
    params: {
      id: "workspace",
      memberId: "user",
      inviteId: "table:workspace_invites",
      verificationId: "table:workspace_domains",
      domain: "table:workspace_domains.domain",
    },
  },
  { path: /^\/api\/security\/alerts\/\{id\}/, params: { id: "table:security_alerts", action: "own:acknowledge" } },
  { path: /^\/api\/security\/rules\/\{rule\}/, params: { rule: "own:brute_force" } },
  // One detection pass covers every workspace (security/detection.service.ts): its run record holds
  // counts and times, no workspace's data, and is readable by any security reader.
  { path: /^\/api\/security\/detection\/runs\/\{id\}/, params: { id: "shared:security_detection_runs" } },
  { path: /^\/api\/incidents\/\{id\}/, params: { id: "table:incidents" } },
  { path: /^\/api\/compliance\/requests\/\{id\}/, params: { id: "table:compliance_requests" } },
  { path: /^\/api\/compliance\/retention\/runs\/\{id\}/, params: { id: "table:compliance_retention_runs" } },
];

/**
 * Templated routes NOT swept with A's ids, each with why. Their tokens are not workspace-scoped by
 * design; the suite still calls each with a made-up token and asserts it reveals nothing of A.
 */
export const EXCLUDED: { path: RegExp; reason: string }[] = [
  {
    path: /^\/api\/user-settings\/profile\/picture\/\{file\}$/,
    reason: "public capability URL (<img> cannot send a token): the file name holds 128 random bits; checked apart: a guessed name is 404",
  },
  {
    path: /^\/api\/v1\/invites\/\{token\}/,
    reason: "invitation token link: addressed by a secret token mailed to the invitee, not by a workspace id; a made-up token is 404",
  },
];
