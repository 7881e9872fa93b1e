/** The rule builder's rows: the trigger with its options, condition rows and action rows (also used by the nurture sequence dialog). */

import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import {
  type AutomationActionType,
  type AutomationConditionField,
  type AutomationConditionOp,
  type AutomationTriggerType,
  CONDITION_OPS,
  type NurtureExitType,
} from "@prospector/contracts";
import type { ReactNode } from "react";
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

type Choices = ReadonlyArray<readonly [value: string, label: string]>;

const named = (options: Option[]): Choices => options.map((o) => [o.id, o.name] as const);
const STATUS_CHOICES: Choices = LEAD_STATUSES.map((s) => [s, s.replace("_", " ")] as const);
const ME = "Me (the rule's author)";

/**
 * A select over `choices` (value, label). `anyLabel` adds an empty first choice that stays visible;
 * `hint` is the helper text when there is no error.
 */
function ChoiceSelect({
  label,
  value,
  onChange,
  choices,
  error,
  hint,
  anyLabel,
  sx = { minWidth: 200, flex: 1 },
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  choices: Choices;
  error?: string;
  hint?: string;
  anyLabel?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      sx={sx}
      slotProps={anyLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {choices.map(([k, text]) => (
        <MenuItem key={k} value={k}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A typed field of a draft: its error (or `hint`) below it. */
function DraftField({
  label,
  value,
  onChange,
  error,
  hint,
  type,
  sx,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  type?: "number" | "text";
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      size="small"
      type={type}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      sx={sx}
    />
  );
}

/** A list of rows (conditions, actions, exits): a title, each row with its remove button, and an add button (10 rows at most). */
function RowsEditor<T>({
  title,
  error,
  empty,
  noun,
  value,
  onChange,
  minRows,
  addLabel,
  newRow,
  children,
}: {
  title: string;
  error?: string;
  empty?: string;
  noun: string;
  value: T[];
  onChange: (rows: T[]) => void;
  minRows: 0 | 1;
  addLabel: string;
  newRow: () => T;
  children: (row: T, i: number) => ReactNode;
}) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{title}</Typography>
      {error && (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      )}
      {empty && value.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          {empty}
        </Typography>
      )}
      {value.map((row, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          key={i}
          sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
          role="group"
          aria-label={`${noun} ${i + 1}`}
        >
          {children(row, i)}
          <IconButton
            aria-label={`Remove ${noun.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
            disabled={value.length <= minRows}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button size="small" onClick={() => onChange([...value, newRow()])} disabled={value.length >= 10}>
          {addLabel}
        </Button>
      </Box>
    </Stack>
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
        <ChoiceSelect
          label="When"
          value={value.type}
          onChange={(type) => onChange({ ...value, type: type as AutomationTriggerType })}
          choices={Object.entries(TRIGGERS)}
          sx={{ minWidth: 240, flex: 1 }}
        />
        {value.type !== "lead_tagged" && (
          <ChoiceSelect
            label="In campaign"
            value={value.campaign_id}
            onChange={(campaign_id) => onChange({ ...value, campaign_id })}
            choices={named(campaigns)}
            error={err("campaign_id")}
            anyLabel="Any campaign"
          />
        )}
        {value.type === "lead_tagged" && (
          <DraftField label="Tag" value={value.tag} onChange={(tag) => onChange({ ...value, tag })} error={err("tag")} />
        )}
      </Box>
      {value.type === "email_opened" && (
        <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
          <DraftField
            type="number"
            label="Human opens, at least"
            value={value.min_opens}
            onChange={(min_opens) => onChange({ ...value, min_opens })}
            error={err("min_opens")}
            sx={{ width: 180 }}
          />
          <DraftField
            type="number"
            label="Within days"
            value={value.within_days}
            onChange={(within_days) => onChange({ ...value, within_days })}
            error={err("within_days")}
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
    <RowsEditor
      title="Only if (all of)"
      empty="No conditions: every lead the trigger names."
      noun="Condition"
      value={value}
      onChange={onChange}
      minRows={0}
      addLabel="Add condition"
      newRow={emptyCondition}
    >
      {(c, i) => {
        const err = (f: string) => fieldError(errors, `${prefix}.${i}.${f}`);
        const setValue = (v: string) => set(i, { value: v });
        return (
          <>
            <ChoiceSelect
              label="Field"
              value={c.field}
              onChange={(f) => {
                const field = f as AutomationConditionField;
                set(i, { field, op: CONDITION_OPS[field][0]!, value: "" });
              }}
              choices={Object.entries(FIELDS)}
              sx={{ minWidth: 150 }}
            />
            <ChoiceSelect
              label="Is"
              value={c.op}
              onChange={(op) => set(i, { op: op as AutomationConditionOp })}
              choices={CONDITION_OPS[c.field].map((op) => [op, OPS[op]] as const)}
              error={err("op")}
              sx={{ minWidth: 110 }}
            />
            {c.field === "campaign" ? (
              <ChoiceSelect label="Value" value={c.value} onChange={setValue} choices={named(campaigns)} error={err("value")} />
            ) : c.field === "status" ? (
              <ChoiceSelect
                label="Value"
                value={c.value}
                onChange={setValue}
                choices={STATUS_CHOICES}
                error={err("value")}
                sx={{ minWidth: 160, flex: 1 }}
              />
            ) : (
              <DraftField
                label="Value"
                value={c.value}
                type={c.field === "score" || c.field === "step" ? "number" : "text"}
                onChange={setValue}
                error={err("value")}
                sx={{ minWidth: 160, flex: 1 }}
              />
            )}
          </>
        );
      }}
    </RowsEditor>
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
    <RowsEditor
      title="Then"
      error={fieldError(errors, "actions")}
      noun="Action"
      value={value}
      onChange={onChange}
      minRows={1}
      addLabel="Add action"
      newRow={() => emptyAction("notify")}
    >
      {(a, i) => {
        const err = (f: string) => fieldError(errors, `actions.${i}.${f}`);
        const member = (label: string, error: string | undefined) => (
          <ChoiceSelect
            label={label}
            value={a.member_id}
            onChange={(member_id) => set(i, { member_id })}
            choices={named(members)}
            error={error}
            anyLabel={ME}
            sx={{ minWidth: 170 }}
          />
        );
        return (
          <>
            <ChoiceSelect
              label="Action"
              value={a.type}
              onChange={(type) => set(i, emptyAction(type as AutomationActionType))}
              choices={Object.entries(ACTIONS)}
              sx={{ minWidth: 200 }}
            />
            {a.type === "create_task" && (
              <>
                <DraftField
                  label="Task title"
                  value={a.title}
                  onChange={(title) => set(i, { title })}
                  error={err("title")}
                  hint="{{first_name}}, {{company}}, {{campaign}}…"
                  sx={{ minWidth: 220, flex: 2 }}
                />
                <DraftField
                  type="number"
                  label="Due in days"
                  value={a.due_in_days}
                  onChange={(due_in_days) => set(i, { due_in_days })}
                  error={err("due_in_days")}
                  sx={{ width: 120 }}
                />
                {member("Assign to", err("assignee_id"))}
              </>
            )}
            {a.type === "notify" && (
              <>
                <ChoiceSelect
                  label="Who"
                  value={a.target}
                  onChange={(target) => set(i, { target: target as "user" })}
                  choices={[
                    ["user", "One member"],
                    ["workspace", "Everyone in the workspace"],
                  ]}
                  sx={{ minWidth: 170 }}
                />
                {a.target === "user" && member("Member", err("user_id"))}
                <DraftField
                  label="Message"
                  value={a.message}
                  onChange={(message) => set(i, { message })}
                  error={err("message")}
                  sx={{ minWidth: 220, flex: 2 }}
                />
              </>
            )}
            {(a.type === "add_to_campaign" || a.type === "remove_from_campaign" || a.type === "stop_in_campaign") && (
              <ChoiceSelect
                label="Campaign"
                value={a.campaign_id}
                onChange={(campaign_id) => set(i, { campaign_id })}
                choices={named(campaigns)}
                error={err("campaign_id")}
                anyLabel={a.type === "add_to_campaign" ? undefined : "The event's campaign"}
              />
            )}
            {a.type === "enroll_in_sequence" && (
              <ChoiceSelect
                label="Sequence"
                value={a.sequence_id}
                onChange={(sequence_id) => set(i, { sequence_id })}
                choices={named(sequences)}
                error={err("sequence_id")}
                hint={sequences.length ? undefined : "No sequence yet: create one on Nurture"}
              />
            )}
            {(a.type === "add_tag" || a.type === "remove_tag") && (
              <DraftField
                label="Tag"
                value={a.tag}
                onChange={(tag) => set(i, { tag })}
                error={err("tag")}
                sx={{ minWidth: 160, flex: 1 }}
              />
            )}
            {a.type === "set_status" && (
              <ChoiceSelect
                label="Status"
                value={a.status}
                onChange={(status) => set(i, { status })}
                choices={STATUS_CHOICES}
                sx={{ minWidth: 160 }}
              />
            )}
          </>
        );
      }}
    </RowsEditor>
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
    <RowsEditor
      title="A lead leaves when (any of)"
      error={fieldError(errors, "exits")}
      noun="Exit"
      value={value}
      onChange={onChange}
      minRows={1}
      addLabel="Add exit rule"
      newRow={(): ExitDraft => ({ type: "after_days", days: "14", status: "interested" })}
    >
      {(x, i) => {
        const err = (f: string) => fieldError(errors, `exits.${i}.${f}`);
        return (
          <>
            <ChoiceSelect
              label="Exit"
              value={x.type}
              onChange={(type) => set(i, { type: type as NurtureExitType })}
              choices={Object.entries(EXITS)}
              sx={{ minWidth: 200 }}
            />
            {x.type === "after_days" && (
              <DraftField
                type="number"
                label="Days after entering"
                value={x.days}
                onChange={(days) => set(i, { days })}
                error={err("days")}
                sx={{ width: 170 }}
              />
            )}
            {x.type === "lead_status" && (
              <ChoiceSelect
                label="Status"
                value={x.status}
                onChange={(status) => set(i, { status })}
                choices={STATUS_CHOICES}
                sx={{ minWidth: 160 }}
              />
            )}
          </>
        );
      }}
    </RowsEditor>
  );
}
