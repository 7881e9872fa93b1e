/** /notifications: every notification of this workspace, all or unread only, with mark read and read all. */
import DoneAll from "@mui/icons-material/DoneAll";
import MarkEmailReadOutlined from "@mui/icons-material/MarkEmailReadOutlined";
import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useMarkAllRead, useMarkRead, useNotificationPages } from "../api/use-notifications.ts";
import { NotificationTypeIcon } from "../components/notification-type-icon.tsx";

export default function NotificationsPage() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const pages = useNotificationPages(unreadOnly);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const toast = useToast();
  const navigate = useNavigate();

  const first = pages.data?.pages[0];
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = first?.unread_count ?? 0;

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (r) => toast.success(r.updated === 1 ? "1 notification marked as read" : `${r.updated} notifications marked as read`),
      onError: (e) => toast.error(errorMessage(e)),
    });

  return (
    <Stack spacing={2} sx={{ maxWidth: 900, mx: "auto" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h2">
            Notifications
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {first ? `${unread} unread · ${first.total} ${unreadOnly ? "unread" : "in total"}` : " "}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<DoneAll />} disabled={unread === 0 || markAll.isPending} onClick={readAll}>
          Mark all as read
        </Button>
      </Box>
      <Card>
        <Tabs
          value={unreadOnly ? "unread" : "all"}
          onChange={(_, v) => setUnreadOnly(v === "unread")}
          sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}
        >
          <Tab value="all" label="All" />
          <Tab value="unread" label={unread > 0 ? `Unread (${unread})` : "Unread"} />
        </Tabs>
        {pages.isPending && <LoadingScreen />}
        {pages.isError && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => pages.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(pages.error)}
          </Alert>
        )}
        {pages.isSuccess && items.length === 0 && (
          <Box sx={{ py: 8, textAlign: "center", color: "text.secondary" }}>
            <NotificationsNoneOutlined sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="subtitle1">{unreadOnly ? "You're all caught up" : "No notifications yet"}</Typography>
            <Typography variant="body2">
              {unreadOnly ? "There are no unread notifications." : "Imports, campaign events and team activity will show up here."}
            </Typography>
          </Box>
        )}
        <List disablePadding>
          {items.map((n) => (
            <ListItem
              key={n.id}
              divider
              disablePadding
              secondaryAction={
                !n.read && (
                  <Tooltip title="Mark as read">
                    <IconButton edge="end" aria-label={`Mark "${n.title}" as read`} onClick={() => markRead.mutate(n.id)}>
                      <MarkEmailReadOutlined />
                    </IconButton>
                  </Tooltip>
                )
              }
              sx={{ bgcolor: n.read ? undefined : "action.hover" }}
            >
              <ListItemButton
                disabled={!n.link}
                sx={{ alignItems: "flex-start", "&.Mui-disabled": { opacity: 1 } }}
                onClick={() => {
                  if (!n.read) markRead.mutate(n.id);
                  if (n.link?.startsWith("/")) navigate(n.link);
                }}
              >
                <ListItemIcon sx={{ mt: 0.5 }}>
                  <NotificationTypeIcon type={n.type} />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                      <Box component="span" sx={{ fontWeight: n.read ? 400 : 600 }}>
                        {n.title}
                      </Box>
                      {!n.read && <Chip size="small" color="primary" label="New" />}
                    </Box>
                  }
                  secondary={
                    <>
                      {n.message && (
                        <Box component="span" sx={{ display: "block" }}>
                          {n.message}
                        </Box>
                      )}
                      <Box component="span" title={formatDateTime(n.created_at)}>
                        {timeAgo(n.created_at)}
                      </Box>
                    </>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {pages.hasNextPage && (
          <Box sx={{ p: 2, textAlign: "center" }}>
            <Button onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          </Box>
        )}
      </Card>
    </Stack>
  );
}
