import { Banknote, CircleCheck, CircleX, Hourglass, type LucideIcon } from 'lucide-react';
import { APPROVAL_STAGE_LABELS, type ApprovalStage } from '../../../domain/allowance-stages';
import { cn } from '../../lib/cn';

const STAGE_STYLES: Record<ApprovalStage, { classes: string; icon: LucideIcon }> = {
  pending_dpm: { classes: 'bg-amber-50 text-amber-800 ring-amber-200', icon: Hourglass },
  pending_flmi: { classes: 'bg-sky-50 text-sky-800 ring-sky-200', icon: Hourglass },
  pending_pm: { classes: 'bg-violet-50 text-violet-800 ring-violet-200', icon: Hourglass },
  approved: { classes: 'bg-emerald-50 text-emerald-800 ring-emerald-200', icon: CircleCheck },
  rejected: { classes: 'bg-red-50 text-red-700 ring-red-200', icon: CircleX },
  paid: { classes: 'bg-emerald-700 text-white ring-emerald-700', icon: Banknote },
};

/** The stage as a coloured pill with its spec label, e.g. 'Pending FLMI Advisor'. */
export function StageBadge({ stage, className }: { stage: ApprovalStage; className?: string }) {
  const { classes, icon: Icon } = STAGE_STYLES[stage];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        classes,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {APPROVAL_STAGE_LABELS[stage]}
    </span>
  );
}
