import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';

addTexts(enUi);

/**
 * A contract value shown to people, in the language shown: 'middle-eastern' → 'Middle eastern' / 'Nahöstlich'.
 * A value the catalogue does not name yet (a newer server's) is spelled out from the value itself.
 */
export function valueLabel(value: string | null | undefined): string {
  if (!value) return '';
  const key = `ui.value.${value}`;
  if (Object.hasOwn(enUi, key)) return t(key as keyof typeof enUi);
  const spaced = value.replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
