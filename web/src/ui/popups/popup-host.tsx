import { useEffect, useState } from 'react';
import { t } from '@sync/texts';
import { PopupFrame } from './popup-frame';
import type { PopupKind } from './popup-kinds';
import { getPopup, popupsReady } from './popup-registry';
import { popups as appQueue, usePopupQueue, type PopupEntry, type PopupQueue } from './popup-queue';

function resolve<P>(value: string | ((props: P) => string) | undefined, props: P): string | undefined {
  return typeof value === 'function' ? value(props) : value;
}

function ActivePopup({ entry, queue }: { entry: PopupEntry; queue: PopupQueue }) {
  const definition = getPopup(entry.kind as PopupKind);
  // A popup opened before the feature popups loaded (they register later, decision 0025) waits for them.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!definition) void popupsReady().then(() => setSettled(true));
  }, [definition]);
  if (!definition && !settled) return null;
  const close = () => queue.close(entry.id);
  const title = (definition && resolve(definition.title as string | ((p: unknown) => string), entry.props)) ?? entry.kind;
  const description = definition ? resolve(definition.description as string | ((p: unknown) => string) | undefined, entry.props) : undefined;
  const Body = definition?.Body as ((props: { props: unknown; close: () => void }) => React.ReactNode) | undefined;
  return (
    <PopupFrame open onOpenChange={(open) => !open && close()} title={title} description={description} size={definition?.size ?? 'md'} kind={entry.kind}>
      {Body ? <Body props={entry.props} close={close} /> : <p className="muted">{t('shell.coming-soon')}</p>}
    </PopupFrame>
  );
}

/** Renders the active popup in the app's popup frame, keyed by id so the next queued popup mounts fresh. */
export function PopupHost({ queue = appQueue }: { queue?: PopupQueue }) {
  const { active } = usePopupQueue(queue);
  if (!active) return null;
  return <ActivePopup key={active.id} entry={active} queue={queue} />;
}
