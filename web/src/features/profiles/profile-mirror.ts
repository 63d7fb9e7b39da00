import { getLocalDb, type ProfileRow } from '@web/local/db';
import type { ProfileCardData } from '@web/ui/profile-card/profile-data';

/**
 * The profiles half of the Dexie mirror (docs/architecture.md#the-sync-engine: screens that must work offline read it).
 * Every profile the API hands over is written here; the screens render what the mirror holds,
 * so a profile seen once opens again without the network.
 */
export type MirroredProfile = ProfileCardData & ProfileRow & { cachedAt: number };

const LAST_LIST_KEY = 'profiles:last-list';

export async function mirrorProfiles(profiles: readonly ProfileCardData[]): Promise<void> {
  if (profiles.length === 0) return;
  const cachedAt = Date.now();
  await getLocalDb().profiles.bulkPut(profiles.map((profile) => ({ ...profile, cachedAt }) as MirroredProfile));
}

export async function readMirroredProfiles(ids: readonly string[]): Promise<MirroredProfile[]> {
  if (ids.length === 0) return [];
  const rows = await getLocalDb().profiles.bulkGet([...ids]);
  return rows.filter((row): row is MirroredProfile => Boolean(row && typeof row.username === 'string'));
}

export async function readMirroredProfile(id: string): Promise<MirroredProfile | null> {
  const row = await getLocalDb().profiles.get(id);
  return row && typeof row.username === 'string' ? (row as MirroredProfile) : null;
}

/** Only the favourite flag changes (the favourite button), so the list and the page agree at once. */
export async function mirrorFavourite(id: string, favorite: boolean): Promise<void> {
  await getLocalDb().profiles.update(id, { favorite });
}

/** The ids of the last list the member saw, for opening the search offline. */
export async function rememberLastList(ids: readonly string[], total: number): Promise<void> {
  await getLocalDb().meta.put({ key: LAST_LIST_KEY, value: { ids: [...ids], total } });
}

export async function recallLastList(): Promise<{ ids: string[]; total: number } | null> {
  const row = await getLocalDb().meta.get(LAST_LIST_KEY);
  const value = row?.value as { ids?: unknown; total?: unknown } | undefined;
  if (!value || !Array.isArray(value.ids)) return null;
  return { ids: value.ids.filter((id): id is string => typeof id === 'string'), total: typeof value.total === 'number' ? value.total : value.ids.length };
}
