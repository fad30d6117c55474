import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_STATUS_LABELS,
  type ProgramLevel,
  type ProgramStatus,
} from '../../../domain/students';
import { Avatar, Badge, type BadgeTone } from '../../components/ui';

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
