/** A role as the catalogue draws it (shell §6): its colour and icon, and its label. */
import AdminPanelSettings from "@mui/icons-material/AdminPanelSettings";
import Analytics from "@mui/icons-material/Analytics";
import Campaign from "@mui/icons-material/Campaign";
import Code from "@mui/icons-material/Code";
import SupervisorAccount from "@mui/icons-material/SupervisorAccount";
import SupportAgent from "@mui/icons-material/SupportAgent";
import TrendingUp from "@mui/icons-material/TrendingUp";
import Visibility from "@mui/icons-material/Visibility";
import { Chip, type SvgIconProps } from "@mui/material";
import { lighten, useTheme } from "@mui/material/styles";
import { ROLES, RoleId } from "@prospector/contracts";
import type { ComponentType } from "react";

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  AdminPanelSettings,
  SupervisorAccount,
  Code,
  TrendingUp,
  Campaign,
  Analytics,
  SupportAgent,
  Visibility,
};

/** The role's catalogue colour, lightened on a dark background (brown and grey would vanish there). */
export function useRoleColor(role: string): string | undefined {
  const theme = useTheme();
  const color = RoleId.safeParse(role).success ? ROLES[role as RoleId].color : undefined;
  return color && theme.palette.mode === "dark" ? lighten(color, 0.4) : color;
}

export function RoleIcon({ role, ...props }: { role: string } & SvgIconProps) {
  const info = RoleId.safeParse(role).success ? ROLES[role as RoleId] : null;
  const color = useRoleColor(role);
  const Icon = ICONS[info?.icon ?? "Visibility"] ?? Visibility;
  return <Icon {...props} sx={{ color, ...props.sx }} />;
}

export function RoleChip({ role, size = "small" }: { role: string; size?: "small" | "medium" }) {
  const info = RoleId.safeParse(role).success ? ROLES[role as RoleId] : null;
  const color = useRoleColor(role);
  return (
    <Chip
      size={size}
      variant="outlined"
      icon={<RoleIcon role={role} fontSize="small" />}
      label={info?.label ?? role}
      sx={{ borderColor: color, "& .MuiChip-icon": { color } }}
    />
  );
}
