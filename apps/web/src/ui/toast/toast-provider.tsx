/**
 * Toasts (shell spec §4, §9): at most 5 on screen (the rest wait their turn), each leaving after
 * its type's duration with a countdown bar and a 0.3 s exit; persistent and loading toasts stay
 * until dismissed or updated; promise() turns a loading toast into success or error.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../lib/errors.ts";
import {
  MAX_VISIBLE_TOASTS,
  TOAST_DURATIONS,
  TOAST_EXIT_MS,
  type Toast,
  type ToastApi,
  type ToastOptions,
  type ToastPosition,
} from "./toast-types.ts";
import { ToastViewport } from "./toast-viewport.tsx";

const ToastContext = createContext<ToastApi | null>(null);

let counter = 0;
const nextId = () => `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`;

function build(id: string, options: ToastOptions, defaultPosition: ToastPosition, version = 0): Toast {
  const type = options.type ?? "info";
  const persistent = options.persistent ?? false;
  const stays = persistent || type === "loading";
  return {
    id,
    type,
    title: options.title,
    message: options.message,
    duration: type === "loading" ? 0 : (options.duration ?? TOAST_DURATIONS[type]),
    persistent,
    progress: !stays && (options.progress ?? true),
    action: options.action,
    undoAction: options.undoAction,
    position: options.position ?? defaultPosition,
    version,
    exiting: false,
  };
}

export function ToastProvider({ children, defaultPosition = "top-right" }: { children: ReactNode; defaultPosition?: ToastPosition }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const exitTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    if (exitTimers.current.has(id)) return;
    setToasts((list) => list.map((t) => (t.id === id ? { ...t, exiting: true } : t)));
    exitTimers.current.set(
      id,
      setTimeout(() => {
        exitTimers.current.delete(id);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, TOAST_EXIT_MS),
    );
  }, []);

  const show = useCallback(
    (options: ToastOptions) => {
      const id = nextId();
      setToasts((list) => [...list, build(id, options, defaultPosition)]);
      return id;
    },
    [defaultPosition],
  );

  const update = useCallback((id: string, options: Partial<ToastOptions>) => {
    setToasts((list) =>
      list.map((t) => {
        if (t.id !== id || t.exiting) return t;
        const merged: ToastOptions = {
          type: options.type ?? t.type,
          title: "title" in options ? options.title : t.title,
          message: options.message ?? t.message,
          duration: options.duration,
          persistent: options.persistent ?? (options.type && options.type !== t.type ? false : t.persistent),
          progress: options.progress,
          action: "action" in options ? options.action : t.action,
          undoAction: "undoAction" in options ? options.undoAction : t.undoAction,
          position: t.position,
        };
        return build(id, merged, t.position, t.version + 1);
      }),
    );
  }, []);

  const dismissAll = useCallback(() => {
    setToasts((list) => {
      for (const t of list) if (!t.exiting) setTimeout(() => dismiss(t.id), 0);
      return list;
    });
  }, [dismiss]);

  const api = useMemo<ToastApi>(() => {
    const typed = (type: Toast["type"]) => (message: ReactNode, options?: Omit<ToastOptions, "message" | "type">) =>
      show({ ...options, type, message });
    return {
      show,
      success: typed("success"),
      error: typed("error"),
      warning: typed("warning"),
      info: typed("info"),
      loading: typed("loading"),
      update,
      dismiss,
      dismissAll,
      async promise(promise, messages, options) {
        const id = show({ ...options, type: "loading", message: messages.loading });
        try {
          const value = await promise;
          const message =
            typeof messages.success === "function" ? (messages.success as (v: typeof value) => ReactNode)(value) : messages.success;
          update(id, { type: "success", message });
          return value;
        } catch (error) {
          const message =
            typeof messages.error === "function"
              ? (messages.error as (e: unknown) => ReactNode)(error)
              : (messages.error ?? errorMessage(error));
          update(id, { type: "error", message });
          throw error;
        }
      },
    };
  }, [show, update, dismiss, dismissAll]);

  // Only the first five live toasts are on screen; later ones wait until a slot frees up.
  const visible = useMemo(() => toasts.slice(0, MAX_VISIBLE_TOASTS), [toasts]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={visible} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error("useToast must be used within a ToastProvider");
  return value;
}
