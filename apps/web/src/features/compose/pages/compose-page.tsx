/**
 * /compose: write one email (outreach-core §3 email generation request: name, email, company,
 * position, tone) with the language model or the built-in templates, edit it, copy it, start a
 * campaign draft from it, or send it now (POST /api/compose/send) from one of the workspace's
 * inboxes or the local mailbox; "Recently sent" lists the workspace's one-off sends.
 */
import AutoAwesome from "@mui/icons-material/AutoAwesome";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Divider, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { EmailTone, type GeneratedEmail, PLACEHOLDER_EMAIL } from "@prospector/contracts";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useGenerateEmail } from "../../campaigns/api/use-campaign-details.ts";
import { useCreateCampaign } from "../../campaigns/api/use-campaigns.ts";
import { sourceLabel } from "../../campaigns/components/wizard/generate-email-dialog.tsx";
import { RecentlySentCard } from "../components/recently-sent-card.tsx";
import { SendEmailPanel } from "../components/send-email-panel.tsx";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ComposePage() {
  const toast = useToast();
  const navigate = useNavigate();
  // ?subject=&body=: a saved template opened from the LLM console ("Use in Compose") is the first draft.
  const [params] = useSearchParams();
  const [form, setForm] = useState({ name: "", email: "", company: "", position: "", tone: "professional" as EmailTone, goal: "" });
  const [emailError, setEmailError] = useState<string | null>(null);
  // `to`/`name`: the recipient the draft was written for, which the send panel starts from.
  const [draft, setDraft] = useState<{ subject: string; body: string; meta: GeneratedEmail; to: string; name: string; n: number } | null>(
    () => {
      const subject = params.get("subject");
      const body = params.get("body");
      if (!subject || !body) return null;
      return {
        subject,
        body,
        meta: { subject, body, source: "template", tone: "professional", email: PLACEHOLDER_EMAIL },
        to: "",
        name: "",
        n: 0,
      };
    },
  );
  const generate = useGenerateEmail();
  const create = useCreateCampaign();
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const { can } = usePermissions();
  const canSend = can("campaigns:create");
  const canRead = can("campaigns:read");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.email.trim() && !EMAIL_RE.test(form.email.trim())) return setEmailError("Enter a valid email address");
    setEmailError(null);
    generate.mutate(
      {
        name: form.name || undefined,
        email: form.email.trim() || undefined,
        company: form.company || undefined,
        position: form.position || undefined,
        tone: form.tone,
        goal: form.goal || undefined,
      },
      {
        onSuccess: (r) =>
          setDraft((d) => ({
            subject: r.subject,
            body: r.body,
            meta: r,
            to: form.email.trim(),
            name: form.name.trim(),
            n: (d?.n ?? 0) + 1,
          })),
      },
    );
  };

  const copy = async () => {
    if (!draft) return;
    try {
      await navigator.clipboard.writeText(`Subject: ${draft.subject}\n\n${draft.body}`);
      toast.success("Copied to the clipboard");
    } catch {
      toast.error("The browser did not allow copying; select the text instead");
    }
  };

  const startCampaign = () =>
    draft &&
    create.mutate(
      { name: `Email to ${form.name || form.company || draft.meta.email}`, subject_line: draft.subject, body: draft.body },
      { onSuccess: (c) => navigate(`/campaigns/${c.id}/edit?step=sequence`), onError: (e) => toast.error(e.message) },
    );

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h2">
          Compose
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Write one personalised email, then send it from one of your inboxes. Without a configured language model the built-in templates
          write it, still personalised.
        </Typography>
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "2fr 3fr" }, alignItems: "start" }}>
        <Card variant="outlined" component="form" onSubmit={submit} noValidate>
          <CardHeader title="Recipient" slotProps={{ title: { variant: "subtitle1" } }} />
          <CardContent sx={{ display: "grid", gap: 2 }}>
            <TextField label="Name" value={form.name} onChange={(e) => set({ name: e.target.value })} />
            <TextField
              label="Email"
              value={form.email}
              onChange={(e) => set({ email: e.target.value })}
              error={Boolean(emailError)}
              helperText={emailError ?? "Optional: a placeholder address is used when empty"}
            />
            <TextField label="Company" value={form.company} onChange={(e) => set({ company: e.target.value })} />
            <TextField label="Position" value={form.position} onChange={(e) => set({ position: e.target.value })} />
            <TextField select label="Tone" value={form.tone} onChange={(e) => set({ tone: e.target.value as EmailTone })}>
              {EmailTone.options.map((t) => (
                <MenuItem key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="What is the email for?"
              value={form.goal}
              onChange={(e) => set({ goal: e.target.value })}
              placeholder="Book a short call about…"
            />
            <Button type="submit" variant="contained" startIcon={<AutoAwesome />} disabled={generate.isPending}>
              {generate.isPending ? "Writing…" : draft ? "Write again" : "Write email"}
            </Button>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader
            title="Email"
            slotProps={{ title: { variant: "subtitle1" } }}
            action={
              draft && <Chip size="small" label={sourceLabel(draft.meta)} color={draft.meta.source === "llm" ? "secondary" : "default"} />
            }
          />
          <CardContent sx={{ display: "grid", gap: 2 }}>
            {generate.isError && <Alert severity="error">{generate.error.message}</Alert>}
            {!draft ? (
              <Typography color="textSecondary">Fill in what you know about the recipient and press Write email.</Typography>
            ) : (
              <>
                <Typography variant="body2" color="textSecondary">{`To: ${draft.meta.email}`}</Typography>
                <TextField label="Subject" value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />
                <TextField
                  label="Body"
                  multiline
                  minRows={12}
                  value={draft.body}
                  onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                />
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                  <Button startIcon={<ContentCopy />} onClick={copy}>
                    Copy
                  </Button>
                  {canSend && (
                    <Button startIcon={<CampaignOutlined />} onClick={startCampaign} disabled={create.isPending}>
                      Start a campaign with it
                    </Button>
                  )}
                </Stack>
                {canSend && (
                  <>
                    <Divider />
                    <SendEmailPanel key={draft.n} subject={draft.subject} body={draft.body} defaultTo={draft.to} toName={draft.name} />
                  </>
                )}
              </>
            )}
          </CardContent>
        </Card>
      </Box>
      {canRead && <RecentlySentCard />}
    </Stack>
  );
}
