import { useState } from 'react';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';

/** The admin dialogs' submit: busy while saving, and the server's message (docs/product.md#errors-and-texts) kept to show in the form. */
export function useSaveForm() {
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = async (work: () => Promise<void>, onError?: (message: string) => void) => {
    setBusy(true);
    setServerError(null);
    try {
      await work();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('agent.error-try-again');
      setServerError(message);
      onError?.(message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, serverError, save };
}

export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="ac-error" role="alert">
      {message}
    </p>
  );
}
