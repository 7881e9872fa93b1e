/**
 * /invite/:token (public): the invitation a colleague sent. Shows the workspace, who invited, the
 * role and the expiry; an expired, used or cancelled link says what to do. Signed in with the
 * invited address: "Join workspace" adds the membership, switches to that workspace and opens the
 * team overview. Signed in as someone else: explains and offers to sign out. Signed out: create an
 * account with the invited address, or sign in; both come back here afterwards.
 */
import { Alert, Box, Button, CircularProgress, Divider, Typography } from "@mui/material";
import type { InvitePreview } from "@prospector/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { ApiError, api, workspaceScope } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { redirectAfterLogin, tokenStore } from "../../../lib/storage.ts";
import { notifyTokenChanged } from "../../auth/api/token-events.ts";
import { useSession } from "../../auth/api/use-session.ts";
import { AuthLayout } from "../../auth/components/auth-layout.tsx";
import { useAcceptInvite, useInvitePreview } from "../api/use-invite-link.ts";
import { roleLabel } from "../lib/team-labels.ts";

const QUESTION = "You were invited to join a workspace on Prospector";

/** What a link that can no longer be used says, by the server's code or the preview's status. */
function deadEnd(code: string | undefined, status?: InvitePreview["status"]): { title: string; text: string } | null {
  if (code === "INVITE_EXPIRED" || status === "expired")
    return {
      title: "This invitation has expired",
      text: "Ask the person who invited you to send a new one: it arrives as a new email with a fresh link.",
    };
  if (code === "INVITE_CANCELLED" || status === "cancelled")
    return { title: "This invitation was cancelled", text: "Ask the person who invited you to send a new one if you still need access." };
  if (code === "INVITE_ALREADY_ACCEPTED" || status === "accepted")
    return {
      title: "This invitation was already used",
      text: "If it was you, sign in: the workspace is in the switcher at the top of the app.",
    };
  if (code === "INVITE_NOT_FOUND" || code === "NOT_FOUND")
    return {
      title: "This invitation link is not valid",
      text: "Check that you opened the whole link from the email, or ask for a new invitation.",
    };
  return null;
}

function Details({ invite }: { invite: InvitePreview }) {
  const rows: Array<[string, string]> = [
    ["Workspace", invite.workspace_name],
    ["Invited by", invite.inviter_name ?? "An administrator"],
    ["Your role", roleLabel(invite.role)],
    ["For", invite.email],
    ["Link valid until", formatDateTime(invite.expires_at)],
  ];
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.75, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: "contents" }}>
          <Typography component="dt" color="textSecondary" variant="body2">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: "anywhere" }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function InviteAcceptPage() {
  const { token = "" } = useParams();
  const preview = useInvitePreview(token);
  const session = useSession();
  const accept = useAcceptInvite(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = `/invite/${encodeURIComponent(token)}`;

  if (preview.isPending || session.status === "loading")
    return (
      <AuthLayout title="Invitation" subtitle={QUESTION}>
        <Box sx={{ display: "flex", justifyContent: "center", py: 3 }} role="status" aria-label="Loading the invitation">
          <CircularProgress />
        </Box>
      </AuthLayout>
    );

  if (preview.isError) {
    const code = preview.error instanceof ApiError ? preview.error.code : undefined;
    const dead = deadEnd(code);
    return (
      <AuthLayout title={dead?.title ?? "The invitation could not be loaded"} subtitle={QUESTION}>
        <Box sx={{ display: "grid", gap: 2 }}>
          <Alert severity={dead ? "warning" : "error"}>{dead?.text ?? errorMessage(preview.error)}</Alert>
          {!dead && <Button onClick={() => preview.refetch()}>Try again</Button>}
          <Button component={RouterLink} to={session.status === "authenticated" ? "/dashboard" : "/sign-in"} variant="outlined">
            {session.status === "authenticated" ? "Go to the app" : "Sign in"}
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  const invite = preview.data;
  const dead = deadEnd(undefined, invite.status);
  if (dead)
    return (
      <AuthLayout title={dead.title} subtitle={`${invite.workspace_name} · ${invite.email}`}>
        <Box sx={{ display: "grid", gap: 2 }}>
          <Alert severity="warning">{dead.text}</Alert>
          <Button component={RouterLink} to={session.status === "authenticated" ? "/dashboard" : "/sign-in"} variant="outlined">
            {session.status === "authenticated" ? "Go to the app" : "Sign in"}
          </Button>
        </Box>
      </AuthLayout>
    );

  const user = session.user;
  const sameAddress = user && user.email.trim().toLowerCase() === invite.email.trim().toLowerCase();

  const join = async () => {
    try {
      const result = await accept.mutateAsync();
      // Work in the joined workspace from now on (the api client sends it as X-Workspace-Id).
      workspaceScope.set(result.workspace_id);
      await queryClient.invalidateQueries();
      navigate("/team/overview", { replace: true });
    } catch {
      // Shown below.
    }
  };
  const signOut = async () => {
    try {
      await api.post("/auth/logout", {});
    } catch {
      // Signed out locally either way.
    }
    tokenStore.clear();
    workspaceScope.set(null);
    queryClient.clear();
    notifyTokenChanged();
  };
  const goSignIn = () => {
    redirectAfterLogin.set(here);
    navigate(`/sign-in?email=${encodeURIComponent(invite.email)}`);
  };
  const goSignUp = () => {
    redirectAfterLogin.set(here);
    navigate(`/sign-up?invite=${encodeURIComponent(token)}&email=${encodeURIComponent(invite.email)}`);
  };

  return (
    <AuthLayout title={`Join ${invite.workspace_name}`} subtitle={QUESTION}>
      <Box sx={{ display: "grid", gap: 2 }}>
        <Details invite={invite} />
        <Divider />
        {sameAddress && (
          <>
            <Typography variant="body2">{`You are signed in as ${user.email}. Joining adds ${invite.workspace_name} to your workspaces.`}</Typography>
            {accept.error ? <Alert severity="error">{errorMessage(accept.error)}</Alert> : null}
            <Button variant="contained" size="large" onClick={() => void join()} disabled={accept.isPending}>
              {accept.isPending ? "Joining…" : "Join workspace"}
            </Button>
          </>
        )}
        {user && !sameAddress && (
          <>
            <Alert severity="warning">
              {`You are signed in as ${user.email}, but this invitation was sent to ${invite.email}. Sign out, then sign in or create an account with ${invite.email} to accept it.`}
            </Alert>
            <Button variant="contained" onClick={() => void signOut()}>
              Sign out
            </Button>
            <Button component={RouterLink} to="/dashboard">
              Stay signed in and go to the app
            </Button>
          </>
        )}
        {!user && (
          <>
            <Typography variant="body2">
              {invite.account_exists
                ? `Sign in as ${invite.email} to accept. You come back here afterwards.`
                : `Create your account with ${invite.email} to accept. You come back here afterwards.`}
            </Typography>
            {/* The likelier way first: sign in when the address has an account, else create one. */}
            <Box sx={{ display: "flex", flexDirection: invite.account_exists ? "column" : "column-reverse", gap: 2 }}>
              <Button variant={invite.account_exists ? "contained" : "outlined"} size="large" onClick={goSignIn}>
                Sign in
              </Button>
              <Button variant={invite.account_exists ? "outlined" : "contained"} size="large" onClick={goSignUp}>
                Create account
              </Button>
            </Box>
          </>
        )}
      </Box>
    </AuthLayout>
  );
}
export default InviteAcceptPage;
