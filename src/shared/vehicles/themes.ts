import { texts } from '../i18n/texts.js';

/** The four vehicle theme presets of spec §3, with their colors. Kept once, here. */
export const THEME_PRESET_VALUES = ['default', 'sport', 'luxury', 'eco'] as const;
export type ThemePreset = (typeof THEME_PRESET_VALUES)[number];
export const DEFAULT_THEME_PRESET: ThemePreset = 'default';

/**
 * Every preset keeps WCAG AA (4.5:1) for white text on primaryColor (header, own messages, buttons), textColor
 * on backgroundColor and messageTextColor on messageBubbleColor; catalog.test.ts checks the last two.
 */
export interface VehicleTheme {
  name: string;
  description: string;
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  messageBubbleColor: string;
  messageTextColor: string;
}

/** The presets' names and descriptions, in the reader's language. */
export const themeTexts = texts('themes', {
  default: { name: 'Default', description: 'Clean blue on white' },
  sport: { name: 'Sport', description: 'Racing red on carbon black' },
  luxury: { name: 'Luxury', description: 'Royal purple on midnight' },
  eco: { name: 'Eco', description: 'Fresh green on light mint' },
});

/** A preset's colours, with its name and description read when they are shown (getters). */
const preset = (value: ThemePreset, colors: Omit<VehicleTheme, 'name' | 'description'>): VehicleTheme => ({
  get name() {
    return themeTexts[value].name;
  },
  get description() {
    return themeTexts[value].description;
  },
  ...colors,
});

export const THEME_PRESETS: Record<ThemePreset, VehicleTheme> = {
  default: preset('default', {
    primaryColor: '#2563eb',
    backgroundColor: '#ffffff',
    textColor: '#0f172a',
    messageBubbleColor: '#dbeafe',
    messageTextColor: '#1e3a8a',
  }),
  sport: preset('sport', {
    primaryColor: '#dc2626',
    backgroundColor: '#111827',
    textColor: '#f9fafb',
    messageBubbleColor: '#7f1d1d',
    messageTextColor: '#fee2e2',
  }),
  luxury: preset('luxury', {
    primaryColor: '#9333ea',
    backgroundColor: '#1e1b2e',
    textColor: '#f5f3ff',
    messageBubbleColor: '#4c1d95',
    messageTextColor: '#ede9fe',
  }),
  eco: preset('eco', {
    primaryColor: '#15803d',
    backgroundColor: '#f0fdf4',
    textColor: '#14532d',
    messageBubbleColor: '#bbf7d0',
    messageTextColor: '#14532d',
  }),
};
