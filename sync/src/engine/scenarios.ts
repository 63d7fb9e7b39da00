/**
 * The push/pull scenarios every sync server must pass, as one table: the in-memory model (memory-server.ts) and
 * the shipped API (api/src/modules/sync/scenarios.test.ts) run the same rows through a SyncTarget and must
 * answer the same outcomes. A row is a list of pushes (which device, which mutations) and what follows.
 */
import { CONVERSATION_PREFIX, CREDITS_KEY, MESSAGE_PREFIX } from './keys.js';
import type { Mutation, PushResponse } from './mutations.js';

/** One member on a server under test. */
export interface TargetMember {
  push(clientId: string, mutations: Mutation[]): Promise<PushResponse>;
  /** The member blocks (or unblocks) one of the target's profiles, as the safety routes do. */
  block(profileId: string, blocked: boolean): Promise<void>;
  /** The member's state as a device holds it after following every page of a pull from cursor 0. */
  state(clientId: string): Promise<Record<string, unknown>>;
}

export interface SyncTarget {
  /** Fictive profiles a member may write to (at least two). */
  profiles: readonly string[];
  /** `ageGate`: the member's brand demands an age verification the member has not passed. */
  newMember(credits: number, options?: { ageGate?: boolean }): Promise<TargetMember>;
  /** A fresh message id (a UUID): the API stores messages under the client's id. */
  newId(): string;
}

/** Where a send goes: a profile's conversation from 'blank', the conversation a previous send created, or none that exists. */
export type SendTo = { profile: number } | { createdBy: number } | 'unknown';

export interface SendSpec {
  id: number;
  to: SendTo;
  text?: string;
}

export interface PushStep {
  device: 'a' | 'b';
  /** Done before this push: the member blocks or unblocks the profile with this index. */
  before?: { block: number } | { unblock: number };
  sends: SendSpec[];
  /** 'ok' or the failure code, one per mutation processed; ids past a gap are not answered. */
  outcomes: string[];
  lastMutationId: number;
}

export interface Scenario {
  name: string;
  credits: number;
  ageGate?: boolean;
  steps: PushStep[];
  /** The member's state at the end. */
  expect: { messages: number; conversations: number; credits: number };
}

const ok = (n: number) => Array.from({ length: n }, () => 'ok');
const sendsTo = (profile: number, from: number, count: number): SendSpec[] => Array.from({ length: count }, (_, i) => ({ id: from + i, to: { profile } }));

export const scenarios: Scenario[] = [
  {
    name: 'a send starts the conversation and costs one credit',
    credits: 3,
    steps: [{ device: 'a', sends: [{ id: 1, to: { profile: 0 } }], outcomes: ['ok'], lastMutationId: 1 }],
    expect: { messages: 1, conversations: 1, credits: 2 },
  },
  {
    name: 'a replay of the same ids answers again and charges nothing more',
    credits: 5,
    steps: [
      { device: 'a', sends: sendsTo(0, 1, 2), outcomes: ok(2), lastMutationId: 2 },
      { device: 'a', sends: sendsTo(0, 1, 2), outcomes: ok(2), lastMutationId: 2 },
      { device: 'a', sends: sendsTo(0, 1, 3), outcomes: ok(3), lastMutationId: 3 },
    ],
    expect: { messages: 3, conversations: 1, credits: 2 },
  },
  {
    name: 'an id from the future stops the push until the gap is filled',
    credits: 5,
    steps: [
      { device: 'a', sends: sendsTo(0, 2, 2), outcomes: [], lastMutationId: 0 },
      { device: 'a', sends: [{ id: 1, to: { profile: 0 } }, { id: 3, to: { profile: 0 } }], outcomes: ['ok'], lastMutationId: 1 },
      { device: 'a', sends: sendsTo(0, 2, 2), outcomes: ok(2), lastMutationId: 3 },
    ],
    expect: { messages: 3, conversations: 1, credits: 2 },
  },
  {
    name: 'no credits: refused, recorded, the counter moves on',
    credits: 1,
    steps: [
      { device: 'a', sends: sendsTo(0, 1, 3), outcomes: ['ok', 'no-credits', 'no-credits'], lastMutationId: 3 },
      { device: 'a', sends: sendsTo(0, 2, 1), outcomes: ['no-credits'], lastMutationId: 3 },
    ],
    expect: { messages: 1, conversations: 1, credits: 0 },
  },
  {
    name: 'poison text (NUL, a lone surrogate) is refused and the next send is delivered',
    credits: 3,
    steps: [
      {
        device: 'a',
        sends: [
          { id: 1, to: { profile: 0 }, text: 'a \u0000 b' },
          { id: 2, to: { profile: 0 }, text: 'half \ud83d pair' },
          { id: 3, to: { profile: 0 }, text: 'fine 😀' },
        ],
        outcomes: ['invalid-mutation', 'invalid-mutation', 'ok'],
        lastMutationId: 3,
      },
    ],
    expect: { messages: 1, conversations: 1, credits: 2 },
  },
  {
    name: "blank sends to one profile share the conversation the first created, which later sends address by id",
    credits: 5,
    steps: [
      { device: 'a', sends: sendsTo(1, 1, 2), outcomes: ok(2), lastMutationId: 2 },
      { device: 'a', sends: [{ id: 3, to: { createdBy: 1 } }], outcomes: ['ok'], lastMutationId: 3 },
    ],
    expect: { messages: 3, conversations: 1, credits: 2 },
  },
  {
    name: 'two devices of one member interleave: own counters, one shared state',
    credits: 10,
    steps: [
      { device: 'a', sends: sendsTo(0, 1, 2), outcomes: ok(2), lastMutationId: 2 },
      { device: 'b', sends: [{ id: 1, to: { profile: 0 } }, { id: 2, to: { profile: 1 } }], outcomes: ok(2), lastMutationId: 2 },
      { device: 'a', sends: sendsTo(1, 1, 3), outcomes: ok(3), lastMutationId: 3 },
      { device: 'b', sends: [{ id: 3, to: { createdBy: 1 } }], outcomes: ['ok'], lastMutationId: 3 },
    ],
    expect: { messages: 6, conversations: 2, credits: 4 },
  },
  {
    name: 'a batch with failures in the middle applies everything around them, once',
    credits: 10,
    steps: [
      {
        device: 'a',
        sends: [
          { id: 1, to: { profile: 0 } },
          { id: 2, to: 'unknown' },
          { id: 3, to: { profile: 0 } },
          { id: 4, to: { profile: 1 }, text: 'nul \u0000' },
          { id: 5, to: { profile: 1 } },
        ],
        outcomes: ['ok', 'conversation-not-found', 'ok', 'invalid-mutation', 'ok'],
        lastMutationId: 5,
      },
      { device: 'a', sends: sendsTo(0, 1, 5), outcomes: ['ok', 'conversation-not-found', 'ok', 'invalid-mutation', 'ok'], lastMutationId: 5 },
    ],
    expect: { messages: 3, conversations: 2, credits: 7 },
  },
  {
    name: 'under the age gate every send is refused and recorded, no credit is spent, and the counter moves on',
    credits: 3,
    ageGate: true,
    steps: [
      { device: 'a', sends: [...sendsTo(0, 1, 2), { id: 3, to: { profile: 1 }, text: 'nul \u0000' }], outcomes: ['age-verification-required', 'age-verification-required', 'invalid-mutation'], lastMutationId: 3 },
      { device: 'a', sends: sendsTo(0, 1, 3), outcomes: ['age-verification-required', 'age-verification-required', 'invalid-mutation'], lastMutationId: 3 },
    ],
    expect: { messages: 0, conversations: 0, credits: 3 },
  },
  {
    name: 'a blocked profile leaves the devices and refuses sends, by id or from blank; others go on; unblocked it comes back',
    credits: 10,
    steps: [
      { device: 'a', sends: [...sendsTo(0, 1, 2), { id: 3, to: { profile: 1 } }], outcomes: ok(3), lastMutationId: 3 },
      {
        device: 'a',
        before: { block: 0 },
        sends: [
          { id: 4, to: { createdBy: 1 } },
          { id: 5, to: { profile: 0 } },
          { id: 6, to: { profile: 1 } },
        ],
        outcomes: ['profile-blocked', 'profile-blocked', 'ok'],
        lastMutationId: 6,
      },
      { device: 'b', sends: [{ id: 1, to: { profile: 0 } }], outcomes: ['profile-blocked'], lastMutationId: 1 },
      { device: 'a', before: { unblock: 0 }, sends: [{ id: 7, to: { createdBy: 1 } }], outcomes: ['ok'], lastMutationId: 7 },
    ],
    expect: { messages: 5, conversations: 2, credits: 5 },
  },
];

/** What a target answered to a list of pushes, and the member's state after them. */
export interface Played {
  steps: { outcomes: string[]; lastMutationId: number }[];
  state: { messages: number; conversations: number; credits: unknown };
}

/** Plays pushes on a target for a new member with these credits. */
export async function play(target: SyncTarget, credits: number, steps: readonly Pick<PushStep, 'device' | 'sends' | 'before'>[], options: { ageGate?: boolean } = {}): Promise<Played> {
  const member = await target.newMember(credits, options);
  const run = `${Math.random().toString(36).slice(2, 10)}`;
  const clients = { a: `scn-a-${run}`, b: `scn-b-${run}` };
  // One message id per (device, mutation id): a replay resends the same mutation, as a device does.
  const messageIds = new Map<string, string>();
  const created = new Map<string, string>();
  const played: Played['steps'] = [];
  for (const step of steps) {
    const clientId = clients[step.device];
    if (step.before) {
      const blocked = 'block' in step.before;
      await member.block(target.profiles['block' in step.before ? step.before.block : step.before.unblock]!, blocked);
    }
    const mutations = step.sends.map((s): Mutation => {
      const key = `${step.device}:${s.id}`;
      if (!messageIds.has(key)) messageIds.set(key, target.newId());
      const to = s.to;
      const conversationId = to === 'unknown' ? target.newId() : 'profile' in to ? 'blank' : (created.get(`${step.device}:${to.createdBy}`) ?? 'missing');
      const profileId = target.profiles[to !== 'unknown' && 'profile' in to ? to.profile : 0]!;
      return { clientId, mutationId: s.id, name: 'sendMessage', args: { conversationId, profileId, messageId: messageIds.get(key)!, messageType: 'text', message: s.text ?? `hello ${key}` } };
    });
    const res = await member.push(clientId, mutations);
    for (const r of res.results) {
      const conversationId = (r.result as { conversationId?: string } | undefined)?.conversationId;
      if (r.ok && conversationId && !created.has(`${step.device}:${r.mutationId}`)) created.set(`${step.device}:${r.mutationId}`, conversationId);
    }
    played.push({ outcomes: res.results.map((r) => (r.ok ? 'ok' : (r.error?.code ?? '?'))), lastMutationId: res.lastMutationId });
  }
  const state = await member.state(clients.a);
  const keys = Object.keys(state);
  return {
    steps: played,
    state: {
      messages: keys.filter((k) => k.startsWith(MESSAGE_PREFIX)).length,
      conversations: keys.filter((k) => k.startsWith(CONVERSATION_PREFIX)).length,
      credits: state[CREDITS_KEY],
    },
  };
}

/** Runs one scenario on a target; answers what differed from the table (empty when the target passed). */
export async function runScenario(target: SyncTarget, scenario: Scenario): Promise<string[]> {
  const played = await play(target, scenario.credits, scenario.steps, { ageGate: scenario.ageGate });
  const problems: string[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const got = played.steps[index]!;
    if (JSON.stringify(got.outcomes) !== JSON.stringify(step.outcomes)) problems.push(`step ${index + 1}: outcomes ${JSON.stringify(got.outcomes)}, expected ${JSON.stringify(step.outcomes)}`);
    if (got.lastMutationId !== step.lastMutationId) problems.push(`step ${index + 1}: lastMutationId ${got.lastMutationId}, expected ${step.lastMutationId}`);
  }
  if (JSON.stringify(played.state) !== JSON.stringify(scenario.expect)) problems.push(`state ${JSON.stringify(played.state)}, expected ${JSON.stringify(scenario.expect)}`);
  return problems;
}

/**
 * Random pushes from two devices (fast-check draws them): each step sends `count` ids from `start`, so ids
 * repeat (replays), skip (the future) and overlap; an id's content is fixed by device and id, some poisoned.
 */
export function randomSteps(draws: readonly { device: 0 | 1; start: number; count: number }[]): Pick<PushStep, 'device' | 'sends'>[] {
  return draws.map(({ device, start, count }) => {
    const name = device === 0 ? 'a' : 'b';
    const sends = Array.from({ length: count }, (_, i): SendSpec => {
      const id = start + i;
      const text = (id * 7 + device) % 5 === 0 ? `poison \u0000 ${id}` : undefined;
      return { id, to: { profile: id % 2 }, ...(text ? { text } : {}) };
    });
    return { device: name, sends };
  });
}
