import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { authBridge } from '@web/lib/api';
import { stopAuthSession } from '@web/lib/auth-session';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { mockAgentState, resetAgentMocks } from '@web/mocks/handlers/agents';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { renderMemberScreen } from '@web/test/member-harness';
import { Toaster } from '@web/ui/toast';
import { setRuntimeConfig } from '@web/lib/runtime-config';
import { mockBrand, mockConfig } from '@web/mocks/data';
import { AgentsPage } from './agents-page';
import { FictiveProfilesPage } from './fictive-profiles-page';
import { ReportPage } from './report-page';

const SLOW = { timeout: 20_000 };

function signInStaff(role: 'agent' | 'admin') {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      isAuthenticated: true,
      token: makeToken({ _id: role === 'admin' ? 'a-admin' : 'a-agent', type: 'agent', role }),
      expiryDate: Date.now() + 3_600_000,
      tokenUpdateInterval: TOKEN_UPDATE_INTERVAL,
    }),
  );
  authBridge.getToken = () => readPersistedAuth().token;
}

const render = (node: React.ReactNode) =>
  renderMemberScreen(
    <>
      {node}
      <Toaster />
    </>,
  );

describe('admin screens', () => {
  beforeEach(() => {
    stopAuthSession();
    resetAgentMocks();
    server.events.removeAllListeners();
  });
  afterEach(() => stopAuthSession());

  it('a plain agent sees the admins-only panel and no list is asked for', async () => {
    signInStaff('agent');
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
    render(<AgentsPage />);
    await screen.findByRole('heading', { name: 'Admins only' });
    expect(calls.filter((p) => p.startsWith('/api/agents'))).toEqual([]);
  });

  it('edits role, scope, status and names with "Agent Profile has been updated"; a refused change shows the server message', SLOW, async () => {
    signInStaff('admin');
    setRuntimeConfig(mockConfig);
    const user = userEvent.setup();
    render(<AgentsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Alice Agent' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Alice Agent' });
    await user.clear(within(dialog).getByLabelText('Last name'));
    await user.type(within(dialog).getByLabelText('Last name'), 'Smith');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    // Only what the server accepts from an admin: the agent's own status, or offline.
    expect(within(within(dialog).getByLabelText('Status')).getAllByRole('option').map((o) => o.textContent)).toEqual(['offline']);
    // Scopes come from the brands' list, not free text.
    const scopes = within(dialog).getByRole('group', { name: /^Scope/ });
    await user.click(await within(scopes).findByRole('checkbox', { name: 'GB-localhost' }));
    expect(within(scopes).getByRole('checkbox', { name: 'US-localhost' })).toHaveProperty('checked', true);
    // A cap of 0 is said, not saved as 1.
    await user.clear(within(dialog).getByLabelText('Max claims at once'));
    await user.type(within(dialog).getByLabelText('Max claims at once'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Max claims must be a whole number from 1 to 100');
    await user.clear(within(dialog).getByLabelText('Max claims at once'));
    await user.type(within(dialog).getByLabelText('Max claims at once'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Agent Profile has been updated');
    const alice = mockAgentState().agents.find((a) => a._id === 'a-agent')!;
    expect(alice).toMatchObject({ lastName: 'Smith', role: 'admin', status: 'offline', maxClaims: 4, scope: ['US-localhost', 'GB-localhost'] });
    await screen.findByRole('rowheader', { name: 'Alice Smith' });

    await user.click(screen.getByRole('button', { name: 'Edit Alice Smith' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Alice Smith' });
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'An agent with this email already exists');
    expect(mockAgentState().agents.find((a) => a._id === 'a-agent')!.email).toBe('agent@example.com');
  });

  it('creates an agent', SLOW, async () => {
    signInStaff('admin');
    const user = userEvent.setup();
    render(<AgentsPage />);
    await user.click(await screen.findByRole('button', { name: 'New agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'New agent' });
    await user.type(within(dialog).getByLabelText('First name'), 'Nina');
    await user.type(within(dialog).getByLabelText('Last name'), 'Novak');
    await user.type(within(dialog).getByLabelText('Email'), 'nina@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await screen.findByText('Agent has been created');
    await screen.findByRole('rowheader', { name: 'Nina Novak' });
  });

  it('shows the per agent report for the chosen days', async () => {
    signInStaff('admin');
    // Two replies today: the members waited 45 s and 2 min 30 s (the mock's report counts what happened).
    const now = Date.now();
    mockAgentState().log.push({ kind: 'reply', agentId: 'a-agent', at: now, waitMs: 45_000 }, { kind: 'reply', agentId: 'a-agent', at: now, waitMs: 150_000 });
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/admin/report') calls.push(url.search);
    });
    render(<ReportPage />);
    const row = await screen.findByRole('row', { name: /Alice Agent/ });
    expect(within(row).getByText('45 s')).toBeTruthy();
    expect(within(row).getByText('2 min 30 s')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatch(/^\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  });

  it('creates a fictive profile on a brand; a refused username shows the server message', SLOW, async () => {
    signInStaff('admin');
    setRuntimeConfig(mockConfig);
    const user = userEvent.setup();
    render(<FictiveProfilesPage />);
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'New fictive profile' });
    await within(dialog).findByRole('option', { name: mockBrand.domain });
    await user.type(within(dialog).getByLabelText('Username'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'The username must be 3 to 30 characters: letters, numbers and underscores only');
    await user.type(within(dialog).getByLabelText('Username'), 'va_lentina');
    await user.selectOptions(within(dialog).getByLabelText('Hair colour'), 'red');
    await user.type(within(dialog).getByLabelText('City'), 'Austin');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    await screen.findByText('Fictive profile has been saved');
    // Created: the dialog stays open as the profile's editor, with its photos section.
    await screen.findByRole('dialog', { name: 'Edit nova_lentina' });
    expect(screen.getByRole('region', { name: 'Photos' })).toBeTruthy();
    expect(mockAgentState().fictive.find((p) => p.username === 'nova_lentina')).toMatchObject({ username: 'nova_lentina', brandId: mockBrand._id, hairColor: 'red', location: { country: 'US', city: 'Austin' } });
    setRuntimeConfig(null);
  });

  it('a new profile opened before the brand list arrives is created on the brand the select then shows', SLOW, async () => {
    signInStaff('admin');
    setRuntimeConfig(mockConfig);
    let answerBrands = () => {};
    const brandsAsked = new Promise<void>((resolve) => {
      server.use(
        http.get('*/api/brands', async () => {
          resolve();
          await new Promise<void>((r) => (answerBrands = r));
          return HttpResponse.json({ data: [mockBrand], total: 1, page: 1, limit: 1 });
        }),
      );
    });
    const user = userEvent.setup();
    render(<FictiveProfilesPage />);
    await brandsAsked;
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'New fictive profile' });
    answerBrands();
    await within(dialog).findByRole('option', { name: mockBrand.domain });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Brand').value).toBe(mockBrand._id);
    await user.type(within(dialog).getByLabelText('Username'), 'late_brand');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    await screen.findByRole('dialog', { name: 'Edit late_brand' });
    expect(mockAgentState().fictive.at(-1)).toMatchObject({ username: 'late_brand', brandId: mockBrand._id });
    setRuntimeConfig(null);
  });
});
