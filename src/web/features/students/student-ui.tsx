import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_STATUS_LABELS,
  type ProgramLevel,
  type ProgramStatus,
} from '../../../domain/students';
import { Alert, Avatar, Badge, type BadgeTone, Button, Skeleton } from '../../components/ui';
import { cn } from '../../lib/cn';
import { STUDENT_UI_MESSAGES } from './messages';
import { failureReason } from './students.queries';

const STATUS_TONES: Record<ProgramStatus, BadgeTone> = {
  enrolled: 'success',
  graduated: 'info',
  suspended: 'warning',
  discharged: 'danger',
  transferred: 'neutral',
};

/** A student's programme status as a coloured pill. */
export function StatusBadge({ status }: { status: ProgramStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{PROGRAM_STATUS_LABELS[status]}</Badge>;
}

export function categoryLabel(level: ProgramLevel): string {
  return PROGRAM_LEVEL_LABELS[level];
}

/** 'Mwila Chanda' -> 'MC'. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The student's photo, or their initials when there is none or it does not load. */
export function StudentAvatar({
  photoUrl,
  firstName,
  lastName,
  size = 'md',
}: {
  photoUrl: string | null;
  firstName: string;
  lastName: string;
  size?: 'md' | 'lg';
}) {
  return <Avatar photoUrl={photoUrl} initials={initialsOf(firstName, lastName)} size={size} />;
}

/**
 * Where a student's whole record will show while it loads (a dialog opened from a list row, which
 * carries only the list's fields), or why it could not be read, with a Retry button.
 */
export function StudentRecordPending({
  error,
  onRetry,
  retrying,
  rows = 12,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  rows?: number;
  className?: string;
}) {
  if (error)
    return (
      <div className={cn('space-y-3', className)}>
        <Alert tone="error" title={STUDENT_UI_MESSAGES.recordLoadFailed}>
          {failureReason(error)}
        </Alert>
        <Button variant="secondary" onClick={onRetry} loading={retrying} loadingText="Retrying...">
          Retry
        </Button>
      </div>
    );
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-x-6 gap-y-4 sm:grid-cols-2', className)}>
      <span className="sr-only">Loading the student's details...</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="space-y-1.5">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-4 w-36" />
        </div>
      ))}
    </div>
  );
}
