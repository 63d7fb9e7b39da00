import { useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { ApiError } from '@web/lib/http';
import { useUser } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';
import { toast } from '@web/ui/toast';
import { setFavourite } from './profiles-api';
import { mirrorFavourite } from './profile-mirror';

addTexts(enMember);

/** The favourite feature's name in the no-subscription popup. */
export const FAVORITES_FEATURE = 'favorites';

export interface FavouriteButtonProps {
  profile: { _id: string; username: string; favorite: boolean };
}

/** docs/product.md#validation: favouriting requires a premium user; others get the no-subscription popup with profile and feature. */
export function FavouriteButton({ profile }: FavouriteButtonProps) {
  const { user } = useUser();
  const [busy, setBusy] = useState(false);
  const on = profile.favorite;

  const refuse = () => openPopup('no-subscription', { profile: { _id: profile._id, username: profile.username }, feature: FAVORITES_FEATURE });

  const toggle = async () => {
    if (!user) return;
    if (!user.isPremium) {
      refuse();
      return;
    }
    setBusy(true);
    try {
      const answer = await setFavourite(user._id, profile._id, !on);
      const next = typeof answer?.favorite === 'boolean' ? answer.favorite : !on;
      await mirrorFavourite(profile._id, next).catch(() => undefined);
      toast.success(t(next ? 'favorite.added' : 'favorite.removed', { username: profile.username }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) refuse();
      else toast.error(t('error.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button--ghost favourite-button" aria-pressed={on} disabled={busy} onClick={() => void toggle()}>
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
      {on ? t('member.profiles.in-favorites') : t('member.profiles.add-to-favorites')}
    </button>
  );
}
