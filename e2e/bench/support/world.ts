import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '@api/config';
import { migrateDatabase, openDatabase, type Database, type Executor } from '@api/db/client';
import { bulkInsert } from '@api/db/seed/bulk-insert';
import { agents, brands, creditLedger, profiles, users } from '@api/db/schema/index';
import { systemClock } from '@api/lib/clock';
import { issueSession } from '@api/modules/auth/sessions';

/**
 * The rows a benchmark needs, written straight into the database the API process uses: a brand, fictive
 * profiles, members whose starting credits come through the ledger, staff — each with a real session and an
 * access token signed with the secret the API process is given. No argon2, no demo seed.
 */

export const BRAND_DOMAIN = 'localhost';
export const SCOPE = `US-${BRAND_DOMAIN}`;

export interface Principal {
  id: string;
  token: string;
  headers: { authorization: string };
}

export interface World {
  brandId: string;
  fictives: string[];
  members: Principal[];
  agents: Principal[];
  admin?: Principal;
}

export interface WorldOptions {
  jwtSecret: string;
  members: number;
  credits: number;
  fictives: number;
  agents?: number;
  admin?: boolean;
}

/** Raw SQL rows; both drivers (node-postgres, PGlite) answer `{ rows }`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const newJwtSecret = () => crypto.randomBytes(32).toString('hex');

export async function openMigrated(where: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, poolSize: 4 });
  await migrateDatabase(database);
  return database;
}

export async function seedWorld(database: Database, opts: WorldOptions): Promise<World> {
  const { db } = database;
  const now = new Date();
  const tag = crypto.randomBytes(3).toString('hex');
  const [brand] = await db
    .insert(brands)
    .values({
      domain: BRAND_DOMAIN,
      aliases: ['127.0.0.1'],
      company: 'Bench Company Ltd',
      brand: 'Amora Bench',
      countries: ['US'],
      customerSupport: { email: 'support@localhost' },
      defaultDescriptor: 'AMORA*BENCH',
      apiKey: `bench-${tag}`,
    })
    .onConflictDoNothing()
    .returning();
  const brandId = brand?.id ?? (await rowsOf<{ id: string }>(db, sql`select id from brands where domain = ${BRAND_DOMAIN}`))[0]!.id;

  const fictiveRows = Array.from({ length: opts.fictives }, (_, i) => ({
    id: crypto.randomUUID(),
    kind: 'fictive' as const,
    brandId,
    username: `bench_fictive_${tag}_${i}`,
    gender: 'woman' as const,
    birthDate: '1995-06-01',
    location: { country: 'US', city: 'Austin', state: 'TX' },
    activityDate: now,
    createDate: now,
  }));
  await bulkInsert(db, profiles, fictiveRows);

  const memberRows = Array.from({ length: opts.members }, (_, i) => ({
    id: crypto.randomUUID(),
    brandId,
    username: `bench_member_${tag}_${i}`,
    email: `bench.${tag}.${i}@example.com`,
    gender: 'man' as const,
    lookingFor: 'woman' as const,
    birthDate: '1990-04-12',
    emailValidated: true,
    credits: opts.credits,
    activityDate: now,
    createDate: now,
    updateDate: now,
  }));
  await bulkInsert(db, users, memberRows);
  await bulkInsert(
    db,
    profiles,
    memberRows.map((u) => ({ kind: 'member' as const, userId: u.id, brandId, username: u.username, gender: u.gender, birthDate: u.birthDate, activityDate: now, createDate: now })),
  );
  // The grant is a ledger row like any other, so sum(ledger) = balance holds from the start.
  if (opts.credits > 0) {
    await bulkInsert(
      db,
      creditLedger,
      memberRows.map((u) => ({ userId: u.id, delta: opts.credits, reason: 'admin' as const, balanceAfter: opts.credits, note: 'bench grant', createDate: now })),
    );
  }

  const staffRows = [
    ...Array.from({ length: opts.agents ?? 0 }, (_, i) => ({ role: 'agent' as const, i })),
    ...(opts.admin ? [{ role: 'admin' as const, i: 0 }] : []),
  ].map(({ role, i }) => ({
    id: crypto.randomUUID(),
    email: `bench.${role}.${tag}.${i}@staff.local`,
    // Nobody signs in with a password here: sessions are issued directly.
    passwordHash: 'bench-no-password',
    firstName: role === 'admin' ? 'Bench' : `Agent${i}`,
    lastName: role === 'admin' ? 'Admin' : 'Bench',
    role,
    scope: [SCOPE],
    status: 'online' as const,
  }));
  await bulkInsert(db, agents, staffRows);

  const deps = { config: { jwtSecret: opts.jwtSecret, tokenTtlMs: 4 * 3_600_000 } as Config, clock: systemClock, db };
  const principal = async (subject: { type: 'user' | 'agent'; id: string }): Promise<Principal> => {
    const { access_token } = await issueSession(deps, subject);
    return { id: subject.id, token: access_token, headers: { authorization: `Bearer ${access_token}` } };
  };
  const members: Principal[] = [];
  for (const u of memberRows) members.push(await principal({ type: 'user', id: u.id }));
  const staff: Principal[] = [];
  for (const a of staffRows) staff.push(await principal({ type: 'agent', id: a.id }));
  return {
    brandId,
    fictives: fictiveRows.map((p) => p.id),
    members,
    agents: staff.slice(0, opts.agents ?? 0),
    admin: opts.admin ? staff[staff.length - 1] : undefined,
  };
}
