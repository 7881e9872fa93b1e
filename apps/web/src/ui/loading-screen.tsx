/** The "Loading..." placeholder the spec shows while a lazy page or the session is loading. */
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";

export function LoadingScreen({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: fullPage ? "100vh" : 240, display: "flex", alignItems: "center", justifyContent: "center", gap: 1.5 }}
    >
      <CircularProgress size={20} aria-hidden />
      <Typography color="text.secondary">Loading...</Typography>
    </Box>
  );
}
