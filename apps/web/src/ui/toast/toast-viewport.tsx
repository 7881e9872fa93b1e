/** Renders toasts in their corner stacks, each with its countdown bar and exit animation. */
import CloseIcon from "@mui/icons-material/Close";
import { Alert, AlertTitle, Box, Button, CircularProgress, IconButton, keyframes, Stack } from "@mui/material";
import { useEffect } from "react";
import { TOAST_EXIT_MS, type Toast, type ToastPosition } from "./toast-types.ts";

const shrink = keyframes`from { transform: scaleX(1); } to { transform: scaleX(0); }`;

const POSITIONS: Record<ToastPosition, object> = {
  "top-right": { top: 16, right: 16, alignItems: "flex-end" },
  "top-left": { top: 16, left: 16, alignItems: "flex-start" },
  "top-center": { top: 16, left: "50%", transform: "translateX(-50%)", alignItems: "center" },
  "bottom-right": { bottom: 16, right: 16, alignItems: "flex-end" },
  "bottom-left": { bottom: 16, left: 16, alignItems: "flex-start" },
  "bottom-center": { bottom: 16, left: "50%", transform: "translateX(-50%)", alignItems: "center" },
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const autoClose = !toast.persistent && toast.type !== "loading";
  // biome-ignore lint/correctness/useExhaustiveDependencies: version restarts the countdown after an update.
  useEffect(() => {
    if (!autoClose || toast.exiting) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [autoClose, toast.id, toast.duration, toast.version, toast.exiting, onDismiss]);

  const severity = toast.type === "loading" ? "info" : toast.type;
  return (
    <Box
      data-testid="toast"
      data-type={toast.type}
      sx={{
        width: { xs: "calc(100vw - 32px)", sm: 380 },
        pointerEvents: "auto",
        opacity: toast.exiting ? 0 : 1,
        transform: toast.exiting ? "translateY(-8px)" : "none",
        transition: `opacity ${TOAST_EXIT_MS}ms ease, transform ${TOAST_EXIT_MS}ms ease`,
        "@media (prefers-reduced-motion: reduce)": { transition: "none" },
      }}
    >
      <Alert
        severity={severity}
        variant="filled"
        role={toast.type === "error" ? "alert" : "status"}
        icon={toast.type === "loading" ? <CircularProgress size={18} color="inherit" aria-label="In progress" /> : undefined}
        sx={{ position: "relative", overflow: "hidden", boxShadow: 6 }}
        action={
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            {toast.undoAction && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  toast.undoAction?.();
                  onDismiss(toast.id);
                }}
              >
                Undo
              </Button>
            )}
            {toast.action && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  toast.action?.onClick();
                  onDismiss(toast.id);
                }}
              >
                {toast.action.label}
              </Button>
            )}
            {toast.type !== "loading" && (
              <IconButton aria-label="Close notification" color="inherit" size="small" onClick={() => onDismiss(toast.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        }
      >
        {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
        {toast.message}
        {toast.progress && (
          <Box
            key={toast.version}
            data-testid="toast-progress"
            aria-hidden
            sx={{
              position: "absolute",
              left: 0,
              bottom: 0,
              height: 3,
              width: "100%",
              bgcolor: "rgba(255,255,255,0.7)",
              transformOrigin: "left",
              animation: `${shrink} ${toast.duration}ms linear forwards`,
              "@media (prefers-reduced-motion: reduce)": { animation: "none", opacity: 0.5 },
            }}
          />
        )}
      </Alert>
    </Box>
  );
}

export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: string) => void }) {
  const byPosition = new Map<ToastPosition, Toast[]>();
  for (const toast of toasts) byPosition.set(toast.position, [...(byPosition.get(toast.position) ?? []), toast]);
  return (
    <>
      {[...byPosition].map(([position, list]) => (
        <Stack
          key={position}
          spacing={1}
          aria-live="polite"
          sx={{ position: "fixed", zIndex: (t) => t.zIndex.snackbar, pointerEvents: "none", ...POSITIONS[position] }}
        >
          {list.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
        </Stack>
      ))}
    </>
  );
}
