/** One component of the instance: its state as a coloured chip, the figure behind it and, when not ok, why. */
import { Card, CardContent, Chip, Typography } from "@mui/material";
import type { ComponentStatus, SystemComponent } from "@prospector/contracts";

export const STATUS_LABEL: Record<ComponentStatus, string> = { ok: "OK", degraded: "Degraded", down: "Down", disabled: "Not configured" };
export const STATUS_COLOR: Record<ComponentStatus, "success" | "warning" | "error" | "default"> = {
  ok: "success",
  degraded: "warning",
  down: "error",
  disabled: "default",
};

export function StatusTile({ component }: { component: SystemComponent }) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }} aria-label={`${component.label}: ${STATUS_LABEL[component.status]}`} role="group">
      <CardContent sx={{ display: "flex", flexDirection: "column", gap: 0.75 }}>
        <Typography
          variant="subtitle2"
          component="h3"
          sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}
        >
          {component.label}
          <Chip
            size="small"
            label={STATUS_LABEL[component.status]}
            color={STATUS_COLOR[component.status]}
            variant={component.status === "ok" ? "outlined" : "filled"}
          />
        </Typography>
        <Typography variant="body1">{component.figure}</Typography>
        {component.reason && (
          <Typography variant="body2" color="textSecondary">
            {component.reason}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
