/**
 * In-app notification pop-ups (shell spec §3 "Notification system object", §9): at most 5 shown,
 * 5000 ms by default, persistent ones stay. The shell uses it for notifications pushed by the server.
 */
import CloseIcon from "@mui/icons-material/Close";
import { Alert, AlertTitle, Button, IconButton, Slide, Stack } from "@mui/material";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

export const MAX_NOTIFICATIONS = 5;
export const NOTIFICATION_DURATION_MS = 5000;

export interface AppNotification {
  id: string;
  type: "success" | "info" | "warning" | "error";
  title: string;
  message?: string;
  duration: number;
  persistent: boolean;
  action?: { label: string; onClick: () => void };
  timestamp: string;
}

export type NotifyOptions = Omit<AppNotification, "id" | "timestamp" | "duration" | "persistent" | "type"> &
  Partial<Pick<AppNotification, "duration" | "persistent" | "type">>;

interface NotificationApi {
  notifications: AppNotification[];
  notify: (options: NotifyOptions) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

const NotificationContext = createContext<NotificationApi | null>(null);
let seq = 0;

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<AppNotification[]>([]);

  const dismiss = useCallback((id: string) => setNotifications((list) => list.filter((n) => n.id !== id)), []);

  const notify = useCallback(
    (options: NotifyOptions) => {
      const id = `n-${Date.now().toString(36)}-${(seq++).toString(36)}`;
      const item: AppNotification = {
        type: "info",
        duration: NOTIFICATION_DURATION_MS,
        persistent: false,
        ...options,
        id,
        timestamp: new Date().toISOString(),
      };
      // The newest wins: past the limit the oldest leaves.
      setNotifications((list) => [...list, item].slice(-MAX_NOTIFICATIONS));
      if (!item.persistent) setTimeout(() => dismiss(id), item.duration);
      return id;
    },
    [dismiss],
  );

  const clear = useCallback(() => setNotifications([]), []);
  const value = useMemo(() => ({ notifications, notify, dismiss, clear }), [notifications, notify, dismiss, clear]);

  return (
    <NotificationContext.Provider value={value}>
      {children}
      <Stack
        spacing={1}
        sx={{ position: "fixed", bottom: 16, right: 16, zIndex: (t) => t.zIndex.snackbar, width: { xs: "calc(100vw - 32px)", sm: 360 } }}
      >
        {notifications.map((n) => (
          <Slide key={n.id} direction="left" in appear>
            <Alert
              data-testid="app-notification"
              severity={n.type}
              variant="standard"
              sx={{ boxShadow: 4 }}
              action={
                <>
                  {n.action && (
                    <Button
                      size="small"
                      color="inherit"
                      onClick={() => {
                        n.action?.onClick();
                        dismiss(n.id);
                      }}
                    >
                      {n.action.label}
                    </Button>
                  )}
                  <IconButton size="small" aria-label="Dismiss" color="inherit" onClick={() => dismiss(n.id)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <AlertTitle>{n.title}</AlertTitle>
              {n.message}
            </Alert>
          </Slide>
        ))}
      </Stack>
    </NotificationContext.Provider>
  );
}

export function useNotification(): NotificationApi {
  const value = useContext(NotificationContext);
  if (!value) throw new Error("useNotification must be used within NotificationProvider");
  return value;
}
