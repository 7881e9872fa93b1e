/** The crash screen (shell spec §2): the exact texts, and "Go to Home" reloads the app at /. */
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";

export function ErrorFallback() {
  return (
    <Box
      role="alert"
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 2,
        p: 3,
        textAlign: "center",
      }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        We encountered an unexpected error. The issue has been logged.
      </Typography>
      {/* A full reload, not a client navigation: the app state that crashed must not survive. */}
      <Button variant="contained" onClick={() => window.location.assign("/")}>
        Go to Home
      </Button>
    </Box>
  );
}
