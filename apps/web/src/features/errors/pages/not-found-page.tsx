/** The 404 screen (shell spec §2): exact texts, back to / after 5 seconds or at once with the button. */
import SearchOffIcon from "@mui/icons-material/SearchOff";
import { Box, Button, Typography } from "@mui/material";
import { useEffect } from "react";
import { useNavigate } from "react-router";

export const NOT_FOUND_REDIRECT_MS = 5000;

export default function NotFoundPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/", { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <Box
      component="main"
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
      <SearchOffIcon color="primary" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h1" component="h1" color="primary" sx={{ fontSize: { xs: 72, sm: 96 }, lineHeight: 1 }}>
        404
      </Typography>
      <Typography variant="h4" component="h2">
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        The page you're looking for doesn't exist. You'll be redirected to the home page in a few seconds.
      </Typography>
      <Button variant="contained" onClick={() => navigate("/", { replace: true })}>
        Go to Home
      </Button>
    </Box>
  );
}
