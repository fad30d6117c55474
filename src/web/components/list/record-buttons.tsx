import { Pencil, Trash2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui';

interface RecordButtonProps {
  /** The record's own name ('Career Day'): a screen reader hears "Edit Career Day", not a bare "Edit". */
  name: string;
  onClick: () => void;
  /** Write the word beside the icon, where the row has room for it. */
  worded?: boolean;
}

/** Edit of one record in a card or a row of a list. */
export function EditButton({ name, onClick, worded }: RecordButtonProps) {
  return (
    <Button size="sm" variant="ghost" aria-label={`Edit ${name}`} onClick={onClick}>
      <Pencil aria-hidden="true" className="size-4" />
      {worded && 'Edit'}
    </Button>
  );
}

/** Delete of one record in a card or a row of a list; the page asks before it deletes. */
export function DeleteButton({ name, onClick, worded }: RecordButtonProps) {
  return (
    <Button size="sm" variant="ghost" aria-label={`Delete ${name}`} onClick={onClick}>
      <Trash2 aria-hidden="true" className="size-4 text-red-700" />
      {worded && 'Delete'}
    </Button>
  );
}

/** A record's Edit and Delete side by side, as the cards and rows of a list show them. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  worded,
  className = 'flex gap-1',
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  worded?: boolean;
  className?: string;
}) {
  return (
    <span className={cn(className)}>
      <EditButton name={name} onClick={onEdit} worded={worded} />
      <DeleteButton name={name} onClick={onDelete} worded={worded} />
    </span>
  );
}

/** A record's title as the button that opens its details (cards and the List view's rows). */
export function TitleButton({
  children,
  onClick,
  className,
}: {
  children: string;
  onClick: () => void;
  /** The table's rows add 'font-medium break-words'; a card's heading already has them. */
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'text-left text-slate-900 hover:text-primary-active hover:underline focus-visible:outline-2 focus-visible:outline-primary',
        className,
      )}
    >
      {children}
    </button>
  );
}

/** Edit and Delete at the foot of a record's details dialog, whose title already names the record. */
export function DetailsEditDelete({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="secondary" onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      <Button variant="danger" onClick={onDelete}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </>
  );
}
