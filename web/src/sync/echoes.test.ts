import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageRow } from '@web/local/db';
import type { MutationArgs } from '@sync/engine/mutations';
import { echoSend, endEcho, useWithEchoes } from './echoes';

const PROFILE = '6f1c2a3b-0000-4000-8000-000000000001';
const OTHER = '6f1c2a3b-0000-4000-8000-000000000002';
const send = (messageId: string, profileId = PROFILE, message = 'hi 0612345678'): MutationArgs<'sendMessage'> => ({ conversationId: 'c1', profileId, messageId, messageType: 'text', message });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('echoes: a send shown before its write commits', () => {
  afterEach(() => {
    vi.useRealTimers();
    for (let n = 1; n <= 5; n++) endEcho(id(n), false);
  });

  it('shows the send at once, masked and pending, only in its own conversation, after what the mirror holds', () => {
    const held = [{ _id: 'old', date: '2000-01-01T00:00:00.000Z', message: 'earlier', status: 'sent' } as MessageRow];
    const { result } = renderHook(({ rows, profileId }) => useWithEchoes(rows, profileId), { initialProps: { rows: held, profileId: PROFILE } });
    act(() => void echoSend(send(id(1)), Date.UTC(2026, 0, 15)));
    act(() => void echoSend(send(id(2), OTHER), Date.now()));
    expect(result.current?.map((m) => [m._id, m.status])).toEqual([
      ['old', 'sent'],
      [id(1), 'pending'],
    ]);
    // The chat masks phone numbers; the echo shows what the row will show.
    expect(result.current?.[1]?.message).not.toContain('0612345678');
  });

  it('gives way to the row once the mirror holds it (no double bubble), and goes when the device refuses the send', async () => {
    const { result, rerender } = renderHook(({ rows }) => useWithEchoes(rows, PROFILE), { initialProps: { rows: [] as MessageRow[] } });
    act(() => void echoSend(send(id(3)), Date.UTC(2026, 0, 15)));
    act(() => void echoSend(send(id(4)), Date.UTC(2026, 0, 15, 0, 1)));
    const written = { ...result.current![0]!, status: 'pending' } as MessageRow;
    rerender({ rows: [written] });
    expect(result.current?.map((m) => m._id)).toEqual([id(3), id(4)]);
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current?.filter((m) => m._id === id(3))).toHaveLength(1);
    act(() => endEcho(id(4), false));
    expect(result.current?.map((m) => m._id)).toEqual([id(3)]);
  });

  it('drops an echo no thread took over', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useWithEchoes(undefined, PROFILE));
    act(() => void echoSend(send(id(5)), Date.now()));
    expect(result.current).toHaveLength(1);
    endEcho(id(5), true);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBeUndefined();
  });
});
