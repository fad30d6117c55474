import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocus } from './use-return-focus';

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: every dialog is named by its title. */
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** Buttons row at the bottom (e.g. Cancel / Save). */
  footer?: ReactNode;
  /** Set false to keep the dialog open on outside click (e.g. while saving a form). */
  dismissible?: boolean;
  /** Where focus goes on opening (call event.preventDefault() to place it yourself). */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * The body holds only text (a record's details): it takes a place in the tab order itself, so a
   * keyboard user can scroll a long one (WCAG 2.1.1; axe's scrollable-region-focusable).
   */
  textOnly?: boolean;
  /** Where focus goes on closing when the element that opened the dialog is gone. */
  focusOnClose?: () => HTMLElement | null;
  children?: ReactNode;
}

/**
 * A modal dialog (Radix): traps focus, Esc and the close button close it, focus returns to the opener.
 *   <Dialog open={open} onOpenChange={setOpen} title="Add Student" footer={<Button>Save</Button>}>…</Dialog>
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  footer,
  dismissible = true,
  onOpenAutoFocus,
  textOnly = false,
  focusOnClose,
  children,
}: DialogProps) {
  const returnFocus = useReturnFocus(open, focusOnClose);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim/50" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={onOpenAutoFocus}
          onPointerDownOutside={(e) => !dismissible && e.preventDefault()}
          onInteractOutside={(e) => !dismissible && e.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div
            className="overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:outline-primary"
            {...(textOnly ? { tabIndex: 0 } : {})}
          >
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
