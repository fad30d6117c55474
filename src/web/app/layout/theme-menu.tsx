import { Check, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ThemeChoice } from '../appearance';
import { useSaveThemePreference } from '../appearance-preferences';
import { useAppearance } from '../appearance-provider';

const THEME_LABELS: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', auto: 'Auto' };

/** The radio group's value for "follow the system's theme" (the API's null). */
const SYSTEM = 'system';

/**
 * The user's own theme (docs/product.md D13), over the one System Settings choose for everyone:
 * applied at once, saved to their account, and put back if the save fails.
 */
export function ThemeMenu() {
  const { system, userChoice, theme } = useAppearance();
  const save = useSaveThemePreference();
  const options: { value: string; label: string }[] = [
    { value: SYSTEM, label: `System default (${THEME_LABELS[system.theme]})` },
    ...(['light', 'dark', 'auto'] as const).map((value) => ({ value, label: THEME_LABELS[value] })),
  ];
  // Nothing is ticked until the user's choice has been read.
  const checked = userChoice === undefined ? '' : (userChoice ?? SYSTEM);
  const Icon = theme === 'dark' ? Moon : Sun;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Theme"
        title="Theme"
        className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=open]:bg-slate-100"
      >
        <Icon aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-slate-500">
            Theme
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={checked}
            onValueChange={(value) => save.mutate(value === SYSTEM ? null : (value as ThemeChoice))}
          >
            {options.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value}
                value={option.value}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
              >
                <span className="flex size-4 shrink-0 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-primary" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {option.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
