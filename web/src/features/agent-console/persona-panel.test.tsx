import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { AgentConversation } from '@sync/contract/agents';
import { memberLocalTime, PersonaPanel } from './persona-panel';

const memo = (id: string, note: string, global: boolean, type: 'user' | 'profile') => ({
  _id: id,
  note,
  type,
  archived: false,
  global,
  conversationId: global ? null : 'c1',
  userProfileId: 'x',
  agentId: 'a1',
  createDate: '2026-11-20T10:00:00.000Z',
  updateDate: '2026-11-20T10:00:00.000Z',
});

const conversation = {
  _id: 'c1',
  user: {
    _id: 'u1',
    username: 'sam',
    age: 38,
    country: 'DE',
    location: { city: 'Berlin', country: 'DE' },
    lookingFor: ['hiking', 'jazz'],
    lookingForGender: 'woman',
    lookingForAgeMin: 30,
    lookingForAgeMax: 40,
    timezone: 'Europe/Berlin',
  },
  profile: {
    _id: 'p1',
    username: 'lena',
    age: 31,
    location: { city: 'Hamburg', country: 'DE' },
    aboutMe: 'Sea air.',
    bodyType: 'curvy',
    ethnicity: null,
    hairColor: 'red',
    eyeColor: 'green',
    height: 171,
    relationshipStatus: 'single',
    lookingFor: ['sailing'],
    lookingForAgeMin: null,
    lookingForAgeMax: null,
  },
  userNotes: [memo('m1', 'Has a dog called Rex', true, 'user'), memo('m2', 'Asked about Friday', false, 'user')],
  profileNotes: [memo('m3', 'Lena works night shifts', true, 'profile')],
} as unknown as AgentConversation;

describe('persona and context panel', () => {
  it("shows every fact of the persona, the member's interests, looking-for and local time, and the global memos pinned", () => {
    render(<PersonaPanel conversation={conversation} />);
    const panel = screen.getByRole('region', { name: 'Persona and context' });
    const pinned = within(panel).getByRole('group', { name: 'Pinned memos' });
    expect(pinned.textContent).toContain('Has a dog called Rex');
    expect(pinned.textContent).toContain('Lena works night shifts');
    expect(pinned.textContent).not.toContain('Asked about Friday');

    const persona = within(panel).getByRole('group', { name: 'You are lena' });
    for (const fact of ['Single', '171 cm', 'Curvy', 'Red', 'Green', 'Hamburg, DE', 'Sea air.', 'sailing']) expect(persona.textContent).toContain(fact);

    const member = within(panel).getByRole('group', { name: 'Talking to sam' });
    expect(member.textContent).toContain('Women, 30–40');
    expect(within(member).getByRole('list', { name: 'Member interests' }).textContent).toBe('hikingjazz');
    expect(member.textContent).toContain('Europe/Berlin');
  });

  it('reads the local time in the member’s zone, and an unknown zone as UTC', () => {
    const noonUtc = Date.UTC(2026, 10, 25, 12, 0);
    expect(memberLocalTime('Asia/Tokyo', noonUtc).time).toMatch(/09|9/);
    expect(memberLocalTime('Not/AZone', noonUtc)).toMatchObject({ zone: 'UTC' });
    expect(memberLocalTime('Not/AZone', noonUtc).time).toMatch(/12/);
  });
});
