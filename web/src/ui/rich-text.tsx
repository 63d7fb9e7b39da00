import { TransNoContext } from '@lingui/react/server';
import type { ReactElement } from 'react';
import { catalogueOf, currentLocale, type TextKey, type TextParams } from '@sync/texts';

/**
 * A catalogue text with markup: `<0>…</0>` in the text puts its words in `components[0]` (Lingui's Trans), so a
 * translation can move the emphasis where its language puts it. Screens are drawn again when the language changes,
 * so the active catalogue is read at render, with no provider.
 */
export function RichText({ id, values, components }: { id: TextKey; values?: TextParams; components: Record<string, ReactElement> }) {
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n: catalogueOf(currentLocale()) }} />;
}
