/**
 * Mock mode keeps its world in sessionStorage, so a tester can reload in the middle of a scenario (offline
 * sends queued, a refusal armed) as a member would, and find the server where it was. The sync server is kept
 * as its journal and rebuilt by replaying it through the engine: its state is the engine's, never a copy.
 */
import { clockOffset, onClockChange, setClockOffset } from './clock';
import { resetAgentMocks, restoreAgentMocks, saveAgentMocks, type SavedAgentMocks } from './handlers/agents';
import { messagingMock, type JournalEntry } from './handlers/messaging';
import { paymentsMock } from './handlers/payments';
import { patchMockMember } from './handlers/profiles';
import { networkMock, type NetworkConditions, type PushRefusal } from './network';
import { SEED_MEMBER } from './seed';

export const MOCK_WORLD_KEY = 'amora:mock-world';
const FORMAT = 1;

interface SavedWorld {
  format: number;
  journal: JournalEntry[];
  activeUserId: string | null;
  network: NetworkConditions;
  nextPush: PushRefusal | null;
  sessionExpired: boolean;
  /** How far the tester moved the clock, in ms (absent in worlds saved before the clock could move). */
  clockOffsetMs?: number;
  /** The agent console's session, stock, claim, memos and meet-ups (absent in older saves). */
  agents?: SavedAgentMocks;
  /** Per member: the payments mock's record and the profiles mock's likes and premium flag. */
  members: Record<string, { payments: ReturnType<typeof paymentsMock.member>; likes: number; isPremium: boolean }>;
}

const membersKept = () => [...new Set([SEED_MEMBER, messagingMock.activeUserId ?? SEED_MEMBER])];

export function saveMockWorld(storage: Storage = sessionStorage): void {
  const members: SavedWorld['members'] = {};
  for (const id of membersKept()) {
    const profile = patchMockMember(id, {});
    if (profile) members[id] = { payments: paymentsMock.member(id), ...profile };
  }
  const world: SavedWorld = {
    format: FORMAT,
    journal: messagingMock.journal,
    activeUserId: messagingMock.activeUserId,
    network: networkMock.conditions,
    nextPush: networkMock.nextPush,
    sessionExpired: networkMock.sessionExpired,
    clockOffsetMs: clockOffset(),
    agents: saveAgentMocks(),
    members,
  };
  storage.setItem(MOCK_WORLD_KEY, JSON.stringify(world));
}

/** Brings back the saved world; false when there is none (or an older format), so the caller seeds. */
export async function restoreMockWorld(storage: Storage = sessionStorage): Promise<boolean> {
  let world: SavedWorld;
  try {
    world = JSON.parse(storage.getItem(MOCK_WORLD_KEY) ?? 'null') as SavedWorld;
  } catch {
    return false;
  }
  if (world?.format !== FORMAT) return false;
  // The clock first: the replay's last tick and everything after it read the moved time.
  setClockOffset(typeof world.clockOffsetMs === 'number' && world.clockOffsetMs >= 0 ? world.clockOffsetMs : 0);
  messagingMock.reset();
  paymentsMock.reset();
  messagingMock.userId = SEED_MEMBER;
  messagingMock.liveClock = true;
  await messagingMock.replay(world.journal);
  messagingMock.activeUserId = world.activeUserId;
  networkMock.conditions = world.network;
  networkMock.nextPush = world.nextPush;
  networkMock.sessionExpired = world.sessionExpired === true;
  if (world.agents) restoreAgentMocks(world.agents);
  else resetAgentMocks();
  for (const [id, saved] of Object.entries(world.members)) {
    Object.assign(paymentsMock.member(id), saved.payments);
    patchMockMember(id, { likes: saved.likes, isPremium: saved.isPremium });
  }
  return true;
}

/** Saves after every change to the sync server or the clock, and when the page goes away (other mocks change on requests). */
export function keepMockWorld(storage: Storage = sessionStorage): void {
  messagingMock.onChange = () => saveMockWorld(storage);
  onClockChange(() => saveMockWorld(storage));
  window.addEventListener('pagehide', () => saveMockWorld(storage));
}
