/** The Prospector wordmark, linking home; shared by the landing header, footer and auth screens. */
import BoltIcon from "@mui/icons-material/Bolt";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

export function BrandMark({ size = "medium" }: { size?: "medium" | "large" }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Prospector home"
      sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.primary", textDecoration: "none" }}
    >
      <Box
        sx={{
          width: size === "large" ? 40 : 32,
          height: size === "large" ? 40 : 32,
          borderRadius: 1,
          display: "grid",
          placeItems: "center",
          color: "primary.contrastText",
          background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}, ${t.palette.secondary.main})`,
        }}
      >
        <BoltIcon fontSize={size === "large" ? "medium" : "small"} />
      </Box>
      <Typography component="span" sx={{ fontWeight: 800, fontSize: size === "large" ? "1.5rem" : "1.25rem", letterSpacing: -0.5 }}>
        Prospector
      </Typography>
    </Box>
  );
}
