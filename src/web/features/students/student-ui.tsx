import { useEffect, useState } from 'react';
import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_STATUS_LABELS,
  type ProgramLevel,
  type ProgramStatus,
} from '../../../domain/students';
import { Badge, type BadgeTone } from '../../components/ui';
import { cn } from '../../lib/cn';

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
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address gets a new try
  useEffect(() => setFailed(false), [photoUrl]);
  const box = size === 'lg' ? 'size-20 text-2xl' : 'size-12 text-base';
  if (photoUrl && !failed) {
    return (
      <img
        src={photoUrl}
        alt=""
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full bg-slate-100 object-cover', box)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-active',
        box,
      )}
    >
      {initialsOf(firstName, lastName)}
    </span>
  );
}
