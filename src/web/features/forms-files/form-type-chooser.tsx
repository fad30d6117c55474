import { ChevronRight, Home, LogOut, type LucideIcon, PhoneCall } from 'lucide-react';
import { FORM_FIELDS, FORM_TYPE_LABELS, FORM_TYPES, type FormType } from '../../../domain/forms';
import { Dialog } from '../../components/ui';

const ICONS: Record<FormType, LucideIcon> = { home_visit: Home, care_call: PhoneCall, discharge: LogOut };

/** 'New Form' asks first which of the three forms to write: each has its own fields. */
export function FormTypeChooser({
  onChoose,
  onClose,
}: {
  onChoose: (type: FormType) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="New Form"
      description="Which form do you want to write?"
      size="md"
    >
      <ul className="space-y-2">
        {FORM_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <li key={type}>
              <button
                type="button"
                onClick={() => onChoose(type)}
                className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-primary hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-active">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{FORM_TYPE_LABELS[type]}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {FORM_FIELDS[type].map((field) => field.label).join(' · ')}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
