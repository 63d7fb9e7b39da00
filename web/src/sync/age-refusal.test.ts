import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentsMock } from '@web/mocks/handlers/payments';
import { popups } from '@web/ui/popups/popup-queue';
import { signInMember } from '@web/test/member-harness';
import { announceRefusal } from './sync-runtime';

describe('a send refused for age verification (decision 0009)', () => {
  afterEach(() => {
    popups.clear();
    paymentsMock.reset();
    vi.restoreAllMocks();
  });

  it('offers the verification, which starts it and sends the browser to the provider page', async () => {
    signInMember({ _id: 'u-demo' });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    announceRefusal({ code: 'age-verification-required', message: 'Please verify your age to send messages.' });
    const active = popups.getState().active;
    expect(active).toMatchObject({ kind: 'general', props: { title: 'Verify your age', message: 'Please verify your age to send messages.', confirmLabel: 'Verify my age' } });
    (active?.props as { onConfirm: () => void }).onConfirm();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringContaining('/api/sandbox/age-verification/u-demo?callbackUrl=')));
    expect(decodeURIComponent(String(assign.mock.calls[0]?.[0]))).toContain('/?verify-age=true');
    expect(paymentsMock.member('u-demo').ageVerification).toEqual({ result: null, status: 'pending' });
  });
});
