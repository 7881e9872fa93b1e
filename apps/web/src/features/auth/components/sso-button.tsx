/** "Sign in with {name}" when the instance has single sign-on configured. */
import Key from "@mui/icons-material/Key";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import { redirectAfterLogin } from "../../../lib/storage.ts";
import { useAuthConfig } from "../api/use-auth-config.ts";
import { ssoStartUrl } from "../api/use-sso.ts";

export function SsoButton() {
  const { data } = useAuthConfig();
  if (!data?.sso.enabled) return null;
  return (
    <>
      {/* A full navigation: the identity provider's pages are not part of this app. */}
      <Button href={ssoStartUrl(redirectAfterLogin.get() ?? undefined)} variant="outlined" size="large" fullWidth startIcon={<Key />}>
        Sign in with {data.sso.name || "SSO"}
      </Button>
      <Divider sx={{ color: "text.secondary", typography: "body2" }}>or</Divider>
    </>
  );
}
