/**
 * /collaboration/decisions: What has the team decided, why, and what is still open for a vote?
 * The log (docs/team-decisions.md); `?id=` opens one decision, `?link_kind=&link_id=` lists the
 * decisions linked to one record (a lead, deal or campaign page can link here).
 */
import { Button, Stack } from "@mui/material";
import { DecisionLinkKind } from "@prospector/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { DecisionDetail } from "../components/decision-detail.tsx";
import { DecisionFormDialog } from "../components/decision-form-dialog.tsx";
import { DecisionList } from "../components/decision-list.tsx";

const QUESTION = "What has the team decided, why, and what is still open for a vote?";

export default function DecisionsPage() {
  const { role } = usePermissions();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const openId = params.get("id");
  const kind = DecisionLinkKind.safeParse(params.get("link_kind"));
  const linkId = params.get("link_id");
  const link = kind.success && linkId ? { kind: kind.data, id: linkId } : undefined;
  // Viewers read the log; the server refuses their writes too.
  const mayCreate = role !== "viewer";

  const setParam = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  return (
    <Stack spacing={3}>
      <PageIntro
        title="Decisions"
        question={QUESTION}
        actions={
          mayCreate && (
            <Button variant="contained" onClick={() => setCreating(true)}>
              New decision
            </Button>
          )
        }
      />
      {openId ? (
        <DecisionDetail id={openId} onBack={() => setParam("id", null)} />
      ) : (
        <DecisionList
          link={link}
          onClearLink={() =>
            setParams((p) => {
              const next = new URLSearchParams(p);
              next.delete("link_kind");
              next.delete("link_id");
              return next;
            })
          }
          onOpen={(id) => setParam("id", id)}
          onNew={mayCreate ? () => setCreating(true) : null}
        />
      )}
      {creating && (
        <DecisionFormDialog
          onClose={() => setCreating(false)}
          onSaved={(d) => {
            setCreating(false);
            setParam("id", d.id);
          }}
        />
      )}
    </Stack>
  );
}
