/** Password strength bar and label (shell spec §4 levels). */
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { passwordStrength } from "../lib/password-strength.ts";

const COLORS = ["error", "error", "error", "warning", "info", "success", "success"] as const;

export function StrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", mb: 0.5 }}>
        <Typography variant="body2" color="textSecondary">
          Password strength
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, color: `${COLORS[strength.score]}.main` }} data-testid="strength-label">
          {strength.label}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={strength.value}
        color={COLORS[strength.score]}
        aria-label="Password strength"
        aria-valuetext={`${strength.label} (${strength.value}%)`}
        sx={{ height: 8, borderRadius: 0.5 }}
      />
    </Box>
  );
}
