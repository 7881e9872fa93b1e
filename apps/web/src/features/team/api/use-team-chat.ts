/**
 * Team chat (/team/chat): a channel's messages paged over HTTP (newest first, keyset "before"),
 * live over the team socket (`message.new`, `message.read`), and sending through the socket so a
 * message written offline waits in the client's queue (up to 100) and goes out on reconnect. Each
 * message carries a client id, so the server stores a re-sent one once and its `message.new` tells
 * which pending message it confirms. A pending message the server has not confirmed 15 s after the
 * socket was open is shown as not sent, with a retry over HTTP (idempotent by the same client id).
 */
import {
  type ChatMessage,
  type ChatPage,
  type ChatReadEvent,
  type ChatReadState,
  type ChatUnread,
  type ServerEvents,
  TEAM_CHAT_DEFAULT_CHANNEL,
} from "@prospector/contracts";
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { api } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { useSocketEvent, useSocketStatus, useTeamSocket } from "../../../lib/use-socket.tsx";
import { useSession } from "../../auth/api/use-session.ts";

export const CHAT_BASE = "/v1/team/chat";
/** How long an open socket has to confirm a message before it is shown as not sent. */
export const CHAT_CONFIRM_MS = 15_000;
const PAGE_SIZE = 50;

export const chatKeys = {
  all: ["team-chat"] as const,
  messages: (workspaceId: string, channel: string) => [...chatKeys.all, workspaceId, "messages", channel] as const,
  unread: (workspaceId: string) => [...chatKeys.all, workspaceId, "unread"] as const,
};

export interface PendingMessage {
  client_id: string;
  channel: string;
  body: string;
  created_at: string;
  /** queued: waiting for the socket (offline); sending: on an open socket; failed: not confirmed or refused. */
  state: "queued" | "sending" | "failed";
  error?: string;
}

type Pages = InfiniteData<ChatPage, string | undefined>;

/** Server times may differ in format (Z or +00:00): compare them as instants. */
const time = (iso: string) => Date.parse(iso);

function newClientId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Channels that have messages, with the caller's unread counts (GET /team/chat/unread). */
export function useChatChannels(workspaceId: string | undefined) {
  return useQuery({
    enabled: Boolean(workspaceId),
    queryKey: chatKeys.unread(workspaceId ?? ""),
    queryFn: ({ signal }) => api.get<ChatUnread>(`${CHAT_BASE}/unread`, { signal }),
  });
}

/** Adds a stored message to the newest page once (it may arrive over the socket and over HTTP). */
function withMessage(data: Pages | undefined, message: ChatMessage): Pages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [message, ...first!.items] }, ...rest] };
}

export function useTeamChat(channel: string = TEAM_CHAT_DEFAULT_CHANNEL) {
  const { user } = useSession();
  const workspaceId = user?.workspace.id;
  const me = user?.id ?? null;
  const socket = useTeamSocket();
  const status = useSocketStatus();
  const open = status === "open";
  const qc = useQueryClient();
  const key = chatKeys.messages(workspaceId ?? "", channel);

  const query = useInfiniteQuery({
    enabled: Boolean(workspaceId),
    queryKey: key,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get<ChatPage>(`${CHAT_BASE}/messages`, { params: { channel, before: pageParam, limit: PAGE_SIZE }, signal }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [liveMarks, setLiveMarks] = useState<Map<string, ChatReadState>>(new Map());
  const [sendError, setSendError] = useState<string | null>(null);
  const openSince = useRef<number | null>(null);

  // The channel or workspace changed: its read marks come from its own first page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new channel or workspace only
  useEffect(() => setLiveMarks(new Map()), [channel, workspaceId]);

  useEffect(() => {
    openSince.current = open ? Date.now() : null;
    setPending((list) => list.map((p) => (p.state === "failed" ? p : { ...p, state: open ? "sending" : "queued" })));
  }, [open]);

  // Unconfirmed long after the socket was open: the queue dropped it or the server lost it.
  const waiting = pending.some((p) => p.state === "sending");
  useEffect(() => {
    if (!waiting || !open) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setPending((list) =>
        list.map((p) => {
          if (p.state !== "sending") return p;
          const from = Math.max(Date.parse(p.created_at), openSince.current ?? now);
          return now - from >= CHAT_CONFIRM_MS ? { ...p, state: "failed", error: "Not confirmed by the server" } : p;
        }),
      );
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting, open]);

  const confirm = useCallback(
    (message: ChatMessage) => {
      if (!workspaceId || message.workspace_id !== workspaceId) return;
      if (message.channel === channel) {
        qc.setQueryData<Pages>(chatKeys.messages(workspaceId, message.channel), (d) => withMessage(d, message));
        if (message.client_id) setPending((list) => list.filter((p) => p.client_id !== message.client_id));
      }
      if (message.user?.id !== me) qc.invalidateQueries({ queryKey: chatKeys.unread(workspaceId) });
      else if (message.channel !== channel) qc.invalidateQueries({ queryKey: chatKeys.unread(workspaceId) });
    },
    [qc, workspaceId, channel, me],
  );

  useSocketEvent<ServerEvents["message.new"]>("message.new", confirm);
  useSocketEvent<ChatReadEvent>("message.read", (e) => {
    if (e.workspace_id !== workspaceId || e.channel !== channel) return;
    setLiveMarks((m) => {
      const prev = m.get(e.user_id);
      if (prev && time(prev.last_read_at) >= time(e.last_read_at)) return m;
      return new Map(m).set(e.user_id, { channel: e.channel, user_id: e.user_id, name: e.name, last_read_at: e.last_read_at });
    });
  });
  useSocketEvent<ServerEvents["error"]>("error", (e) => {
    if (e.request_type !== "message.send") return;
    setSendError(e.message);
    // The server answers in order: the oldest message still in flight is the refused one.
    setPending((list) => {
      const i = list.findIndex((p) => p.state === "sending");
      if (i < 0) return list;
      return list.map((p, j) => (j === i ? { ...p, state: "failed", error: e.message } : p));
    });
  });

  /** Sends over HTTP (no socket, or a retry): the same client id keeps it stored once. */
  const postOverHttp = useCallback(
    async (p: PendingMessage) => {
      try {
        const stored = await api.post<ChatMessage>(`${CHAT_BASE}/messages`, { channel: p.channel, body: p.body, client_id: p.client_id });
        confirm(stored);
        setPending((list) => list.filter((x) => x.client_id !== p.client_id));
      } catch (error) {
        setPending((list) => list.map((x) => (x.client_id === p.client_id ? { ...x, state: "failed", error: errorMessage(error) } : x)));
      }
    },
    [confirm],
  );

  const send = useCallback(
    (text: string) => {
      const body = text.trim();
      if (!body || !workspaceId) return;
      setSendError(null);
      const p: PendingMessage = {
        client_id: newClientId(),
        channel,
        body,
        created_at: new Date().toISOString(),
        state: socket && open ? "sending" : "queued",
      };
      setPending((list) => [...list, p]);
      if (socket) socket.send("message.send", { workspace_id: workspaceId, channel, body, client_id: p.client_id });
      else void postOverHttp({ ...p, state: "sending" });
    },
    [socket, open, workspaceId, channel, postOverHttp],
  );

  const retry = useCallback(
    (clientId: string) => {
      const p = pending.find((x) => x.client_id === clientId);
      if (!p) return;
      setPending((list) => list.map((x) => (x.client_id === clientId ? { ...x, state: "sending", error: undefined } : x)));
      void postOverHttp(p);
    },
    [pending, postOverHttp],
  );

  const discard = useCallback((clientId: string) => setPending((list) => list.filter((x) => x.client_id !== clientId)), []);

  /** Oldest first, each once. */
  const messages = useMemo(() => {
    const seen = new Set<string>();
    const out: ChatMessage[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const m of page.items) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        out.push(m);
      }
    }
    return out.sort((a, b) => time(a.created_at) - time(b.created_at) || a.id.localeCompare(b.id));
  }, [query.data]);

  /** Every member's read mark: the newest page's list, moved forward by live events. */
  const readMarks = useMemo(() => {
    const marks = new Map<string, ChatReadState>();
    for (const r of query.data?.pages[0]?.read_marks ?? []) marks.set(r.user_id, r);
    for (const [id, r] of liveMarks) {
      const prev = marks.get(id);
      if (!prev || time(prev.last_read_at) < time(r.last_read_at)) marks.set(id, { ...r, name: r.name ?? prev?.name });
    }
    return marks;
  }, [query.data, liveMarks]);

  /** Marks the channel read up to `message` (when it is on screen), unless already read that far. */
  const markRead = useCallback(
    (message: ChatMessage) => {
      if (!workspaceId || !me) return;
      const mine = readMarks.get(me);
      if (mine && time(mine.last_read_at) >= time(message.created_at)) return;
      setLiveMarks((m) => new Map(m).set(me, { channel, user_id: me, name: user?.full_name, last_read_at: message.created_at }));
      if (socket && open) socket.send("message.read", { workspace_id: workspaceId, channel, message_id: message.id });
      else void api.post(`${CHAT_BASE}/read`, { channel, message_id: message.id }).catch(() => {});
      qc.invalidateQueries({ queryKey: chatKeys.unread(workspaceId) });
    },
    [workspaceId, me, readMarks, socket, open, channel, user?.full_name, qc],
  );

  return {
    workspaceId,
    me,
    query,
    messages,
    pending: pending.filter((p) => p.channel === channel),
    readMarks,
    send,
    retry,
    discard,
    markRead,
    sendError,
    online: open,
  };
}

/** Names of the members (not the author, not me) whose read mark is at or after the message. */
export function seenBy(message: ChatMessage, marks: Map<string, ChatReadState>, me: string | null): string[] {
  return [...marks.values()]
    .filter((r) => r.user_id !== me && r.user_id !== message.user?.id && time(r.last_read_at) >= time(message.created_at))
    .sort((a, b) => time(a.last_read_at) - time(b.last_read_at))
    .map((r) => r.name ?? "Someone");
}
