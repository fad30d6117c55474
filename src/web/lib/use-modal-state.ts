import { useCallback, useRef, useState } from 'react';

/**
 * Which dialog of a screen is open, and for which record: `modal` is null or one member of the
 * screen's union (e.g. { kind: 'edit', student }). The dialogs open from state, not from a Radix
 * trigger, so Radix has no trigger to hand focus back to; this remembers what had focus when the
 * first dialog opened and returns focus there when the last one closes. One dialog handing over to
 * another (details -> edit) keeps the first opener.
 */
export function useModalState<M extends { kind: string }>() {
  const [modal, setModal] = useState<M | null>(null);
  // The last modal of each kind, so a dialog keeps its record while it plays its closing animation.
  const lastOfEachKind = useRef<Partial<Record<M['kind'], M>>>({});
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);

  const open = useCallback((next: M) => {
    if (!isOpen.current) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    isOpen.current = true;
    lastOfEachKind.current[next.kind as M['kind']] = next;
    setModal(next);
  }, []);

  const close = useCallback(() => {
    isOpen.current = false;
    setModal(null);
    const element = opener.current;
    opener.current = null;
    if (element) setTimeout(() => element.isConnected && element.focus(), 0);
  }, []);

  /** The open dialog if it is of this kind, else undefined. */
  function ofKind<K extends M['kind']>(kind: K): Extract<M, { kind: K }> | undefined {
    return modal?.kind === kind ? (modal as Extract<M, { kind: K }>) : undefined;
  }

  /** Like `ofKind`, but falls back to the last dialog of this kind while it closes. */
  function lastOfKind<K extends M['kind']>(kind: K): Extract<M, { kind: K }> | undefined {
    return ofKind(kind) ?? (lastOfEachKind.current[kind] as Extract<M, { kind: K }> | undefined);
  }

  /** For a dialog's onOpenChange: closing it closes the modal. */
  const onOpenChange = useCallback((openNow: boolean) => !openNow && close(), [close]);

  return { modal, open, close, ofKind, lastOfKind, onOpenChange };
}
