import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import { getLocalDb } from '@web/local/db';
import { messagingMock } from '@web/mocks/handlers/messaging';
import { startMemberSync } from '@web/sync/sync-runtime';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { registerNoCreditsPopup } from './no-credits-popup';
import { renderSafetyMenu } from '@web/features/safety/safety-menu';
import { ChatPage } from './chat-page';

/** A signed-in member holding `credits`, synced once, with one profile cached for a blank chat. Returns the sync's stop. */
export async function startChatMember(profile: { _id: string; username: string }, credits: number): Promise<() => void> {
  await resetMemberState();
  messagingMock.reset();
  await messagingMock.server.grantCredits(messagingMock.userId, credits);
  signInMember({ _id: messagingMock.userId, credits });
  registerNoCreditsPopup();
  await getLocalDb().profiles.put({ ...profile, images: [], cachedAt: Date.now() });
  const stop = startMemberSync({ locks: null });
  // The first pull lands the member's credits in the mirror.
  await waitFor(async () => expect(await getLocalDb().meta.get('sync:cursor')).toBeDefined());
  return stop;
}

/** The chat screen on a conversation not started yet with `profileId`. */
export function renderBlankChat(profileId: string) {
  return renderMemberScreen(<ChatPage conversationId="blank" profileId={profileId} safetyMenu={renderSafetyMenu} />, `/messages/chat/blank?profileId=${profileId}`);
}
