import { t } from '@sync/texts';
import { LocalDatabase, accountDbName } from '@web/local/db';
import { toast } from '@web/ui/toast';

/**
 * A session that lapsed with messages still in the outbox: they wait in that member's own database until the
 * same member signs in again (docs/decisions/0019). Say so, so nobody thinks they were sent.
 */
export async function announceWaitingWrites(userId: string): Promise<void> {
  const db = new LocalDatabase(accountDbName(userId));
  try {
    const waiting = await db.outbox.where('status').equals('pending').count();
    if (waiting > 0) toast.warning(t('sync.sign-in-to-send', { count: waiting }));
  } catch {
    // No database for this account yet: nothing waits.
  } finally {
    db.close();
  }
}
