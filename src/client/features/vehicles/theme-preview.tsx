import { Car, Send } from 'lucide-react';
import { THEME_PRESETS, type ThemePreset } from '../../../shared/vehicles/themes.js';
import { vehicleScreenTexts as texts } from './texts.js';

/** A mock chat in the preset's colours: what people writing to this vehicle see (spec §2 Vehicle Theme). */
export function ThemePreview({ preset, vehicleLabel }: { preset: ThemePreset; vehicleLabel: string }) {
  const theme = THEME_PRESETS[preset];
  return (
    <section aria-labelledby="theme-preview-title" className="flex flex-col gap-2">
      <h2 id="theme-preview-title" className="text-sm font-semibold">
        {texts.preview}
      </h2>
      <div
        data-testid="theme-preview"
        className="overflow-hidden rounded-2xl border border-border shadow-sm"
        style={{ backgroundColor: theme.backgroundColor, color: theme.textColor }}
      >
        <div className="flex items-center gap-3 px-4 py-3" style={{ backgroundColor: theme.primaryColor }}>
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/20 text-white">
            <Car aria-hidden className="h-5 w-5" />
          </span>
          <span className="min-w-0 text-white">
            <span className="block truncate text-sm font-semibold">{vehicleLabel}</span>
            <span className="block text-xs">{texts.previewConversation}</span>
          </span>
        </div>
        <div className="flex flex-col gap-2 px-4 py-4 text-sm">
          <p
            className="max-w-[80%] self-start rounded-2xl rounded-bl-md px-3 py-2"
            style={{ backgroundColor: theme.messageBubbleColor, color: theme.messageTextColor }}
          >
            {texts.previewFinderMessage}
          </p>
          <p
            className="max-w-[80%] self-end rounded-2xl rounded-br-md px-3 py-2 text-white"
            style={{ backgroundColor: theme.primaryColor }}
          >
            {texts.previewOwnerReply}
          </p>
          {/* At 80 % the text keeps 4.5:1 on every preset's background (Eco is the lowest: 5.15). */}
          <p className="text-xs opacity-80">{texts.previewNotice}</p>
        </div>
        <div
          className="flex items-center gap-2 border-t px-3 py-3"
          style={{ borderColor: `${theme.textColor}22` }}
        >
          <span
            className="flex-1 rounded-full border px-3 py-2 text-xs opacity-80"
            style={{ borderColor: `${theme.textColor}33` }}
          >
            {texts.previewPlaceholder}
          </span>
          <span
            className="flex h-8 w-8 items-center justify-center rounded-full text-white"
            style={{ backgroundColor: theme.primaryColor }}
          >
            <Send aria-hidden className="h-4 w-4" />
          </span>
        </div>
      </div>
    </section>
  );
}
