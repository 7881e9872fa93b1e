/** Toast shapes and limits (shell spec §3, §4, §9). */
import type { ReactNode } from "react";

export type ToastType = "success" | "error" | "warning" | "info" | "loading";
export type ToastPosition = "top-right" | "top-left" | "top-center" | "bottom-right" | "bottom-left" | "bottom-center";

export const MAX_VISIBLE_TOASTS = 5;
export const TOAST_EXIT_MS = 300;
export const TOAST_DURATIONS: Record<Exclude<ToastType, "loading">, number> = {
  success: 4000,
  info: 4000,
  warning: 5000,
  error: 6000,
};

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  title?: string;
  message: ReactNode;
  /** Milliseconds before it leaves; defaults by type. Ignored when persistent or loading. */
  duration?: number;
  persistent?: boolean;
  /** Show the countdown bar (default true for toasts that leave by themselves). */
  progress?: boolean;
  action?: ToastAction;
  /** Shows an "Undo" button that runs this and closes the toast. */
  undoAction?: () => void;
  position?: ToastPosition;
}

export interface Toast extends Required<Pick<ToastOptions, "type" | "position">> {
  id: string;
  title?: string;
  message: ReactNode;
  duration: number;
  persistent: boolean;
  progress: boolean;
  action?: ToastAction;
  undoAction?: () => void;
  /** Bumped on every update so the countdown restarts (a loading toast turned success). */
  version: number;
  exiting: boolean;
}

export type PromiseMessages<T> = {
  loading: ReactNode;
  success: ReactNode | ((value: T) => ReactNode);
  error: ReactNode | ((error: unknown) => ReactNode);
};

export interface ToastApi {
  show: (options: ToastOptions) => string;
  success: (message: ReactNode, options?: Omit<ToastOptions, "message" | "type">) => string;
  error: (message: ReactNode, options?: Omit<ToastOptions, "message" | "type">) => string;
  warning: (message: ReactNode, options?: Omit<ToastOptions, "message" | "type">) => string;
  info: (message: ReactNode, options?: Omit<ToastOptions, "message" | "type">) => string;
  loading: (message: ReactNode, options?: Omit<ToastOptions, "message" | "type">) => string;
  update: (id: string, options: Partial<ToastOptions>) => void;
  dismiss: (id: string) => void;
  dismissAll: () => void;
  promise: <T>(promise: Promise<T>, messages: PromiseMessages<T>, options?: Omit<ToastOptions, "message" | "type">) => Promise<T>;
}
