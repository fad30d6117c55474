import type { ReactNode } from 'react';
import { EditDeleteButtons, TitleButton } from './record-buttons';

/** What a list screen lets the user do with its records, from their cards and the List view's rows. */
export interface RecordActions<T> {
  onOpen: (record: T) => void;
  onEdit: (record: T) => void;
  onDelete: (record: T) => void;
  /** Whether Edit and Delete are offered, for every record or each one (the server checks again). */
  canManage: boolean | ((record: T) => boolean);
}

/**
 * The parts of a List view's row that every screen of titled records shows alike: the title, a
 * button that opens the record, and the buttons at the row's end, the screen's own first (Register,
 * View), then Edit and Delete where the user may use them.
 */
export function recordRow<T extends { title: string }>(actions: RecordActions<T>) {
  const mayManage = (record: T) =>
    typeof actions.canManage === 'function' ? actions.canManage(record) : actions.canManage;
  return {
    title: (record: T) => (
      <TitleButton onClick={() => actions.onOpen(record)} className="font-medium break-words">
        {record.title}
      </TitleButton>
    ),
    buttons: (record: T, own: ReactNode) => (
      <div className="flex flex-wrap items-center justify-end gap-1">
        {own}
        {mayManage(record) && (
          <EditDeleteButtons
            name={record.title}
            onEdit={() => actions.onEdit(record)}
            onDelete={() => actions.onDelete(record)}
          />
        )}
      </div>
    ),
  };
}
