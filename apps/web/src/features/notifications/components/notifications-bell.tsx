/** The top bar's bell: the real unread count, the latest five, mark all read, and a link to the full list. */
import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { timeAgo } from "../../../lib/format.ts";
import { useMarkAllRead, useMarkRead, useNotificationSummary } from "../api/use-notifications.ts";
import { NotificationTypeIcon } from "./notification-type-icon.tsx";

export function NotificationsBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const summary = useNotificationSummary(5);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = summary.data?.unread_count ?? 0;

  const label = summary.isError ? "Notifications (could not load)" : unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton aria-label={label} onClick={(e) => setAnchor(e.currentTarget)} color="inherit">
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: "calc(100vw - 24px)" } } }}
      >
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" component="h2">
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </Box>
        <Divider />
        {summary.isPending && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            Loading...
          </Typography>
        )}
        {summary.isError && (
          <Typography sx={{ p: 2 }} color="error">
            {errorMessage(summary.error)}
          </Typography>
        )}
        {summary.data && summary.data.notifications.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            You have no notifications yet.
          </Typography>
        )}
        <List dense disablePadding>
          {summary.data?.notifications.map((n) => (
            <ListItemButton
              key={n.id}
              onClick={() => {
                if (!n.read) markRead.mutate(n.id);
                if (n.link?.startsWith("/")) {
                  setAnchor(null);
                  navigate(n.link);
                }
              }}
              sx={{ alignItems: "flex-start", bgcolor: n.read ? undefined : "action.hover" }}
            >
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                <NotificationTypeIcon type={n.type} />
              </ListItemIcon>
              <ListItemText
                primary={n.title}
                secondary={`${n.message ? `${n.message} · ` : ""}${timeAgo(n.created_at)}`}
                slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
              />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        <Button
          fullWidth
          onClick={() => {
            setAnchor(null);
            navigate("/notifications");
          }}
        >
          View all notifications
        </Button>
      </Popover>
    </>
  );
}
