/** The rule builder's rows: the trigger with its options, condition rows and action rows (also used by the nurture sequence dialog). */

import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import {
  type AutomationActionType,
  type AutomationConditionField,
  type AutomationConditionOp,
  type AutomationTriggerType,
  CONDITION_OPS,
  type NurtureExitType,
} from "@prospector/contracts";
import type { FieldError } from "../../../lib/errors.ts";
import {
  type ActionDraft,
  type ConditionDraft,
  type ExitDraft,
  emptyAction,
  emptyCondition,
  fieldError,
  type TriggerDraft,
} from "../lib/drafts.ts";
import { ACTIONS, EXITS, FIELDS, LEAD_STATUSES, OPS, TRIGGERS } from "../lib/labels.ts";

export interface Option {
  id: string;
  name: string;
}

function CampaignSelect({
  label,
  value,
  onChange,
  campaigns,
  error,
  anyLabel,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  campaigns: Option[];
  error?: string;
  anyLabel?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 200, flex: 1 }}
      slotProps={anyLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {campaigns.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function TriggerEditor({
  value,
  onChange,
  campaigns,
  errors,
  prefix = "trigger",
}: {
  value: TriggerDraft;
  onChange: (t: TriggerDraft) => void;
  campaigns: Option[];
  errors?: FieldError[];
  prefix?: string;
}) {
  const err = (f: string) => fieldError(errors, `${prefix}.${f}`);
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label="When"
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as AutomationTriggerType })}
          sx={{ minWidth: 240, flex: 1 }}
        >
          {Object.entries(TRIGGERS).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {value.type !== "lead_tagged" && (
          <CampaignSelect
            label="In campaign"
            value={value.campaign_id}
            onChange={(campaign_id) => onChange({ ...value, campaign_id })}
            campaigns={campaigns}
            error={err("campaign_id")}
            anyLabel="Any campaign"
          />
        )}
        {value.type === "lead_tagged" && (
          <TextField
            size="small"
            label="Tag"
            value={value.tag}
            onChange={(e) => onChange({ ...value, tag: e.target.value })}
            error={Boolean(err("tag"))}
            helperText={err("tag")}
          />
        )}
      </Box>
      {value.type === "email_opened" && (
        <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
          <TextField
            size="small"
            type="number"
            label="Human opens, at least"
            value={value.min_opens}
            onChange={(e) => onChange({ ...value, min_opens: e.target.value })}
            error={Boolean(err("min_opens"))}
            helperText={err("min_opens")}
            sx={{ width: 180 }}
          />
          <TextField
            size="small"
            type="number"
            label="Within days"
            value={value.within_days}
            onChange={(e) => onChange({ ...value, within_days: e.target.value })}
            error={Boolean(err("within_days"))}
            helperText={err("within_days")}
            sx={{ width: 140 }}
          />
          <FormControlLabel
            control={<Checkbox checked={value.without_reply} onChange={(e) => onChange({ ...value, without_reply: e.target.checked })} />}
            label="Only without a reply"
          />
        </Box>
      )}
    </Stack>
  );
}

export function ConditionsEditor({
  value,
  onChange,
  campaigns,
  errors,
  prefix = "conditions",
}: {
  value: ConditionDraft[];
  onChange: (c: ConditionDraft[]) => void;
  campaigns: Option[];
  errors?: FieldError[];
  prefix?: string;
}) {
  const set = (i: number, c: Partial<ConditionDraft>) => onChange(value.map((x, j) => (j === i ? { ...x, ...c } : x)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Only if (all of)</Typography>
      {value.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No conditions: every lead the trigger names.
        </Typography>
      )}
      {value.map((c, i) => {
        const err = (f: string) => fieldError(errors, `${prefix}.${i}.${f}`);
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            key={i}
            sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
            role="group"
            aria-label={`Condition ${i + 1}`}
          >
            <TextField
              select
              size="small"
              label="Field"
              value={c.field}
              onChange={(e) => {
                const field = e.target.value as AutomationConditionField;
                set(i, { field, op: CONDITION_OPS[field][0]!, value: "" });
              }}
              sx={{ minWidth: 150 }}
            >
              {Object.entries(FIELDS).map(([k, label]) => (
                <MenuItem key={k} value={k}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Is"
              value={c.op}
              onChange={(e) => set(i, { op: e.target.value as AutomationConditionOp })}
              sx={{ minWidth: 110 }}
              error={Boolean(err("op"))}
              helperText={err("op")}
            >
              {CONDITION_OPS[c.field].map((op) => (
                <MenuItem key={op} value={op}>
                  {OPS[op]}
                </MenuItem>
              ))}
            </TextField>
            {c.field === "campaign" ? (
              <CampaignSelect
                label="Value"
                value={c.value}
                onChange={(v) => set(i, { value: v })}
                campaigns={campaigns}
                error={err("value")}
              />
            ) : c.field === "status" ? (
              <TextField
                select
                size="small"
                label="Value"
                value={c.value}
                onChange={(e) => set(i, { value: e.target.value })}
                sx={{ minWidth: 160, flex: 1 }}
                error={Boolean(err("value"))}
                helperText={err("value")}
              >
                {LEAD_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s.replace("_", " ")}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                size="small"
                label="Value"
                value={c.value}
                type={c.field === "score" || c.field === "step" ? "number" : "text"}
                onChange={(e) => set(i, { value: e.target.value })}
                error={Boolean(err("value"))}
                helperText={err("value")}
                sx={{ minWidth: 160, flex: 1 }}
              />
            )}
            <IconButton aria-label={`Remove condition ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button size="small" onClick={() => onChange([...value, emptyCondition()])} disabled={value.length >= 10}>
          Add condition
        </Button>
      </Box>
    </Stack>
  );
}

export function ActionsEditor({
  value,
  onChange,
  campaigns,
  sequences,
  members = [],
  errors,
}: {
  value: ActionDraft[];
  onChange: (a: ActionDraft[]) => void;
  campaigns: Option[];
  sequences: Option[];
  /** Active members other than the author, for the assignee and whom to notify. */
  members?: Option[];
  errors?: FieldError[];
}) {
  const set = (i: number, a: Partial<ActionDraft>) => onChange(value.map((x, j) => (j === i ? { ...x, ...a } : x)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Then</Typography>
      {fieldError(errors, "actions") && (
        <Typography variant="body2" color="error">
          {fieldError(errors, "actions")}
        </Typography>
      )}
      {value.map((a, i) => {
        const err = (f: string) => fieldError(errors, `actions.${i}.${f}`);
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            key={i}
            sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
            role="group"
            aria-label={`Action ${i + 1}`}
          >
            <TextField
              select
              size="small"
              label="Action"
              value={a.type}
              onChange={(e) => set(i, emptyAction(e.target.value as AutomationActionType))}
              sx={{ minWidth: 200 }}
            >
              {Object.entries(ACTIONS).map(([k, label]) => (
                <MenuItem key={k} value={k}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            {a.type === "create_task" && (
              <>
                <TextField
                  size="small"
                  label="Task title"
                  value={a.title}
                  onChange={(e) => set(i, { title: e.target.value })}
                  error={Boolean(err("title"))}
                  helperText={err("title") ?? "{{first_name}}, {{company}}, {{campaign}}…"}
                  sx={{ minWidth: 220, flex: 2 }}
                />
                <TextField
                  size="small"
                  type="number"
                  label="Due in days"
                  value={a.due_in_days}
                  onChange={(e) => set(i, { due_in_days: e.target.value })}
                  error={Boolean(err("due_in_days"))}
                  helperText={err("due_in_days")}
                  sx={{ width: 120 }}
                />
                <TextField
                  select
                  size="small"
                  label="Assign to"
                  value={a.member_id}
                  onChange={(e) => set(i, { member_id: e.target.value })}
                  error={Boolean(err("assignee_id"))}
                  helperText={err("assignee_id")}
                  sx={{ minWidth: 170 }}
                  slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                >
                  <MenuItem value="">Me (the rule's author)</MenuItem>
                  {members.map((m) => (
                    <MenuItem key={m.id} value={m.id}>
                      {m.name}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
            {a.type === "notify" && (
              <>
                <TextField
                  select
                  size="small"
                  label="Who"
                  value={a.target}
                  onChange={(e) => set(i, { target: e.target.value as "user" })}
                  sx={{ minWidth: 170 }}
                >
                  <MenuItem value="user">One member</MenuItem>
                  <MenuItem value="workspace">Everyone in the workspace</MenuItem>
                </TextField>
                {a.target === "user" && (
                  <TextField
                    select
                    size="small"
                    label="Member"
                    value={a.member_id}
                    onChange={(e) => set(i, { member_id: e.target.value })}
                    error={Boolean(err("user_id"))}
                    helperText={err("user_id")}
                    sx={{ minWidth: 170 }}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">Me (the rule's author)</MenuItem>
                    {members.map((m) => (
                      <MenuItem key={m.id} value={m.id}>
                        {m.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <TextField
                  size="small"
                  label="Message"
                  value={a.message}
                  onChange={(e) => set(i, { message: e.target.value })}
                  error={Boolean(err("message"))}
                  helperText={err("message")}
                  sx={{ minWidth: 220, flex: 2 }}
                />
              </>
            )}
            {(a.type === "add_to_campaign" || a.type === "remove_from_campaign" || a.type === "stop_in_campaign") && (
              <CampaignSelect
                label="Campaign"
                value={a.campaign_id}
                onChange={(campaign_id) => set(i, { campaign_id })}
                campaigns={campaigns}
                error={err("campaign_id")}
                anyLabel={a.type === "add_to_campaign" ? undefined : "The event's campaign"}
              />
            )}
            {a.type === "enroll_in_sequence" && (
              <TextField
                select
                size="small"
                label="Sequence"
                value={a.sequence_id}
                onChange={(e) => set(i, { sequence_id: e.target.value })}
                error={Boolean(err("sequence_id"))}
                helperText={err("sequence_id") ?? (sequences.length ? undefined : "No sequence yet: create one on Nurture")}
                sx={{ minWidth: 200, flex: 1 }}
              >
                {sequences.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {(a.type === "add_tag" || a.type === "remove_tag") && (
              <TextField
                size="small"
                label="Tag"
                value={a.tag}
                onChange={(e) => set(i, { tag: e.target.value })}
                error={Boolean(err("tag"))}
                helperText={err("tag")}
                sx={{ minWidth: 160, flex: 1 }}
              />
            )}
            {a.type === "set_status" && (
              <TextField
                select
                size="small"
                label="Status"
                value={a.status}
                onChange={(e) => set(i, { status: e.target.value })}
                sx={{ minWidth: 160 }}
              >
                {LEAD_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s.replace("_", " ")}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <IconButton
              aria-label={`Remove action ${i + 1}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              disabled={value.length === 1}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button size="small" onClick={() => onChange([...value, emptyAction("notify")])} disabled={value.length >= 10}>
          Add action
        </Button>
      </Box>
    </Stack>
  );
}

export function ExitsEditor({
  value,
  onChange,
  errors,
}: {
  value: ExitDraft[];
  onChange: (e: ExitDraft[]) => void;
  errors?: FieldError[];
}) {
  const set = (i: number, x: Partial<ExitDraft>) => onChange(value.map((e, j) => (j === i ? { ...e, ...x } : e)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">A lead leaves when (any of)</Typography>
      {fieldError(errors, "exits") && (
        <Typography variant="body2" color="error">
          {fieldError(errors, "exits")}
        </Typography>
      )}
      {value.map((x, i) => {
        const err = (f: string) => fieldError(errors, `exits.${i}.${f}`);
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            key={i}
            sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
            role="group"
            aria-label={`Exit ${i + 1}`}
          >
            <TextField
              select
              size="small"
              label="Exit"
              value={x.type}
              onChange={(e) => set(i, { type: e.target.value as NurtureExitType })}
              sx={{ minWidth: 200 }}
            >
              {Object.entries(EXITS).map(([k, label]) => (
                <MenuItem key={k} value={k}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            {x.type === "after_days" && (
              <TextField
                size="small"
                type="number"
                label="Days after entering"
                value={x.days}
                onChange={(e) => set(i, { days: e.target.value })}
                error={Boolean(err("days"))}
                helperText={err("days")}
                sx={{ width: 170 }}
              />
            )}
            {x.type === "lead_status" && (
              <TextField
                select
                size="small"
                label="Status"
                value={x.status}
                onChange={(e) => set(i, { status: e.target.value })}
                sx={{ minWidth: 160 }}
              >
                {LEAD_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s.replace("_", " ")}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <IconButton
              aria-label={`Remove exit ${i + 1}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              disabled={value.length === 1}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          onClick={() => onChange([...value, { type: "after_days", days: "14", status: "interested" }])}
          disabled={value.length >= 10}
        >
          Add exit rule
        </Button>
      </Box>
    </Stack>
  );
}
