/** Frame of every sign-in/up/reset screen: brand, a centred card with title and subtitle. */
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { BrandMark } from "../../landing/components/brand-mark.tsx";

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: Props) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        px: 2,
        py: { xs: 4, sm: 6 },
        background: (t) =>
          `radial-gradient(ellipse at top, ${t.palette.mode === "dark" ? "rgba(121,134,203,0.2)" : "rgba(63,81,181,0.12)"}, transparent 60%), ${t.palette.background.default}`,
      }}
    >
      <Box sx={{ mb: 3 }}>
        <BrandMark size="large" />
      </Box>
      <Paper variant="outlined" sx={{ width: "100%", maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: "center" }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="textSecondary" sx={{ mt: 1, textAlign: "center" }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
      {footer && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 3, textAlign: "center" }}>
          {footer}
        </Typography>
      )}
    </Box>
  );
}
