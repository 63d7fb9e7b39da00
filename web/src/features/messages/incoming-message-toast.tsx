import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { t } from '@sync/texts';
import { getLocalDb } from '@web/local/db';
import { Avatar } from '@web/ui/avatar';
import { EmojiText } from '@web/ui/emoji/emoji-image';
import { toast } from '@web/ui/toast';
import { newArrivalMemory, newArrivals } from './incoming-messages';

const CHAT_PATH = /^\/messages\/chat\/([^/]+)/;

/** A toast with the sender's photo when a profile's message arrives while the member is on another screen. */
export function IncomingMessageToast() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const openConversationId = CHAT_PATH.exec(pathname)?.[1] ?? null;
  const rows = useLiveQuery(() => getLocalDb().conversations.toArray(), []);
  const memory = useRef(newArrivalMemory());

  // The member opened that chat (from the toast, a notification or the list): its news is on screen now.
  useEffect(() => {
    if (openConversationId) toast.dismiss(`message-${openConversationId}`);
  }, [openConversationId]);

  useEffect(() => {
    if (!rows) return;
    for (const arrival of newArrivals(memory.current, rows, openConversationId)) {
      toast.info(t('messages.new-from', { username: arrival.username }), {
        id: `message-${arrival.conversationId}`,
        description: arrival.messageType === 'attachment' ? t('messages.new-photo') : <EmojiText text={arrival.message} />,
        icon: <Avatar src={arrival.avatar} name="" size={32} />,
        action: {
          label: t('messages.open-chat'),
          onClick: () => void navigate({ to: '/messages/chat/$conversationId', params: { conversationId: arrival.conversationId } }),
        },
      });
    }
  }, [rows]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the mirror announces; moving between screens does not
  return null;
}
