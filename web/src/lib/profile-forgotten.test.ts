import { describe, expect, it, vi } from 'vitest';
import { forgetProfileEverywhere, registerProfileForgetter } from './profile-forgotten';

describe('forgetting a blocked profile', () => {
  it('reaches every registered list, even when one of them fails, and no longer one that left', () => {
    const seen: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const leaveBroken = registerProfileForgetter('broken', () => {
      throw new Error('gone wrong');
    });
    const leaveList = registerProfileForgetter('list', (id) => seen.push(id));

    forgetProfileEverywhere('p-1');
    expect(seen).toEqual(['p-1']);
    expect(error).toHaveBeenCalledWith('forgetting a profile failed: broken', expect.any(Error));

    leaveList();
    leaveBroken();
    forgetProfileEverywhere('p-2');
    expect(seen).toEqual(['p-1']);
    error.mockRestore();
  });
});
