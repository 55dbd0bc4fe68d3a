import { Check } from 'lucide-react';
import { THEME_PRESET_VALUES, THEME_PRESETS, type ThemePreset } from '../../../shared/vehicles/themes.js';
import { cn } from '../../components/ui/cn.js';
import { vehicleScreenTexts } from './texts.js';

const swatchKeys = ['primaryColor', 'backgroundColor', 'messageBubbleColor'] as const;

interface ThemePresetPickerProps {
  value: ThemePreset;
  onChange: (preset: ThemePreset) => void;
}

/** The four presets as radio cards: name, description and the preset's colours (spec §3 Vehicle theme). */
export function ThemePresetPicker({ value, onChange }: ThemePresetPickerProps) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{vehicleScreenTexts.themePresetLegend}</legend>
      {THEME_PRESET_VALUES.map((preset) => {
        const theme = THEME_PRESETS[preset];
        const isSelected = preset === value;
        const nameId = `theme-${preset}-name`;
        const descriptionId = `theme-${preset}-description`;
        return (
          <label
            key={preset}
            className={cn(
              'relative flex cursor-pointer items-center gap-3 rounded-2xl border bg-card p-3 transition',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              isSelected ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-input',
            )}
          >
            <input
              type="radio"
              name="theme-preset"
              value={preset}
              checked={isSelected}
              onChange={() => onChange(preset)}
              aria-labelledby={nameId}
              aria-describedby={descriptionId}
              // Covers the whole card, invisible: a tap anywhere on it (or a test's check()) hits the radio.
              className="absolute inset-0 z-10 cursor-pointer appearance-none rounded-2xl opacity-0"
            />
            <span aria-hidden className="flex shrink-0 -space-x-1.5">
              {swatchKeys.map((key) => (
                <span
                  key={key}
                  className="h-7 w-7 rounded-full border-2 border-card shadow-sm ring-1 ring-border"
                  style={{ backgroundColor: theme[key] }}
                />
              ))}
            </span>
            <span className="min-w-0 flex-1">
              <span id={nameId} className="block font-semibold">
                {theme.name}
              </span>
              <span id={descriptionId} className="block text-sm text-muted-foreground">
                {theme.description}
              </span>
            </span>
            <span
              aria-hidden
              className={cn(
                'flex h-6 w-6 shrink-0 items-center justify-center rounded-full border',
                isSelected ? 'border-primary bg-primary-solid text-primary-foreground' : 'border-input',
              )}
            >
              {isSelected ? <Check className="h-4 w-4" /> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
