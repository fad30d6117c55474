import { Controller, useFormContext } from 'react-hook-form';
import { type SystemSettings, THEMES } from '../../../domain/settings';
import { Card, CardBody, CardHeader, Field, Input } from '../../components/ui';
import { primaryPalette } from '../../lib/colour';
import { SettingSwitch, useFieldError } from './settings-fields';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const THEME_CHOICES: Record<(typeof THEMES)[number], { label: string; about?: string }> = {
  light: { label: 'Light' },
  dark: { label: 'Dark' },
  auto: { label: 'Auto', about: "Auto follows each device's setting." },
};

function ThemeChoice() {
  const { register } = useFormContext<SystemSettings>();
  const error = useFieldError('appearance.theme');
  return (
    <fieldset className="space-y-2" aria-describedby="theme-about">
      <legend className="text-sm font-medium text-slate-900">Theme</legend>
      <p id="theme-about" className="text-xs text-slate-500">
        The theme everyone starts with. Each person can still choose their own theme from the top bar.
      </p>
      <div className="flex flex-wrap gap-3">
        {THEMES.map((theme) => (
          <label
            key={theme}
            className="flex min-w-32 cursor-pointer items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-primary"
          >
            <input
              type="radio"
              value={theme}
              className="mt-1 accent-primary"
              {...register('appearance.theme')}
            />
            <span className="text-sm">
              <span className="block font-medium text-slate-900">{THEME_CHOICES[theme].label}</span>
              {THEME_CHOICES[theme].about && (
                <span className="block text-xs text-slate-500">{THEME_CHOICES[theme].about}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A picker and the hex text side by side, both on the one value, with a preview of the colour in use. */
function PrimaryColour() {
  const { control } = useFormContext<SystemSettings>();
  const error = useFieldError('appearance.primaryColor');
  return (
    <Controller
      control={control}
      name="appearance.primaryColor"
      render={({ field }) => {
        const valid = HEX_COLOUR.test(field.value);
        const shown = valid ? field.value : '#059669';
        return (
          <Field label="Primary colour" error={error} hint="A colour such as #059669 (#rrggbb)." required>
            <div className="flex flex-wrap items-center gap-3">
              <input
                type="color"
                aria-label="Pick the primary colour"
                value={shown.toLowerCase()}
                onChange={(event) => field.onChange(event.target.value)}
                className="h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <Input
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value.trim())}
                onBlur={field.onBlur}
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                className="w-32 font-mono"
              />
              <span
                data-testid="colour-preview"
                className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium shadow-sm"
                style={previewStyle(shown)}
                aria-hidden="true"
              >
                Preview button
              </span>
            </div>
          </Field>
        );
      }}
    />
  );
}

/** Theme, primary colour, sidebar and density: what everyone starts with. */
export function AppearanceTab() {
  return (
    <Card>
      <CardHeader title="Appearance" />
      <CardBody className="space-y-5">
        <ThemeChoice />
        <PrimaryColour />
        <div className="divide-y divide-slate-100">
          <SettingSwitch
            name="appearance.sidebarCollapsed"
            label="Sidebar collapsed by default"
            description="The sidebar starts as icons only; anyone can open it."
          />
          <SettingSwitch
            name="appearance.compactMode"
            label="Compact mode"
            description="Less space between rows and fields, so more fits on the screen."
          />
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * The button as the screens will draw it: the colour made legible for the theme in force (a shade
 * darker or lighter when needed, lib/colour.ts), with its text colour.
 */
function previewStyle(colour: string) {
  const theme = document.documentElement.classList.contains('dark') ? 'dark' : 'light';
  const palette = primaryPalette(colour, theme);
  return { backgroundColor: palette.primary, color: palette.foreground };
}
