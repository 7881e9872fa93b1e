/**
 * /team/chat — "What is my team talking about?": the workspace's channels, a channel's messages
 * (older pages on scroll, new ones live), the message box (works offline: messages wait and show
 * as pending), read receipts under the last message, and who is online beside it.
 */
import { Alert, Box, CircularProgress, Paper } from "@mui/material";
import { TEAM_CHAT_DEFAULT_CHANNEL } from "@prospector/contracts";
import { useSearchParams } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useWorkspacePresence } from "../api/use-presence.ts";
import { useChatChannels, useTeamChat } from "../api/use-team-chat.ts";
import { ChatChannelBar } from "../components/chat-channel-bar.tsx";
import { ChatComposer } from "../components/chat-composer.tsx";
import { ChatEmpty, ChatLoadError, ChatMessageList } from "../components/chat-message-list.tsx";
import { ChatOnlineList } from "../components/chat-online-list.tsx";

export function TeamChatPage() {
  const [params, setParams] = useSearchParams();
  const channel = params.get("channel") || TEAM_CHAT_DEFAULT_CHANNEL;
  const chat = useTeamChat(channel);
  const channels = useChatChannels(chat.workspaceId);
  const presence = useWorkspacePresence();
  const { query } = chat;
  const select = (c: string) => setParams(c === TEAM_CHAT_DEFAULT_CHANNEL ? {} : { channel: c });

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2, height: { md: "calc(100vh - 120px)" }, minHeight: 480 }}>
      <PageIntro title="Team chat" question="What is my team talking about?" />
      <Box sx={{ display: "flex", gap: 2, flex: 1, minHeight: 0, flexDirection: { xs: "column", md: "row" } }}>
        <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", minHeight: { xs: 420, md: 0 } }}>
          <ChatChannelBar channel={channel} unread={channels.data} onSelect={select} />
          {query.isError && (
            <Box sx={{ p: 1.5 }}>
              <ChatLoadError message={`Could not load messages: ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />
            </Box>
          )}
          {chat.sendError && (
            <Alert severity="warning" sx={{ m: 1.5, mb: 0 }}>
              {chat.sendError}
            </Alert>
          )}
          {query.isPending && !query.isError ? (
            <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center" }}>
              <CircularProgress aria-label="Loading messages" />
            </Box>
          ) : chat.messages.length === 0 && chat.pending.length === 0 && !query.isError ? (
            <ChatEmpty channel={channel} />
          ) : (
            <ChatMessageList
              messages={chat.messages}
              pending={chat.pending}
              readMarks={chat.readMarks}
              me={chat.me}
              online={chat.online}
              hasOlder={query.hasNextPage}
              loadingOlder={query.isFetchingNextPage}
              onLoadOlder={() => void query.fetchNextPage()}
              onSeen={chat.markRead}
              onRetry={chat.retry}
              onDiscard={chat.discard}
            />
          )}
          <ChatComposer channel={channel} online={chat.online} onSend={chat.send} />
        </Paper>
        <Paper variant="outlined" sx={{ width: { md: 260 }, flexShrink: 0, overflowY: "auto" }}>
          <ChatOnlineList online={presence.online} connected={presence.connected} me={chat.me} />
        </Paper>
      </Box>
    </Box>
  );
}
export default TeamChatPage;
