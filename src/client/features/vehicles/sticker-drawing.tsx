import { type StickerTemplate, type StickerTheme, stickerTexts } from '../../../shared/vehicles/sticker.js';
import { formatShortCode } from '../../../shared/vehicles/sticker-code.js';
import { cn } from '../../components/ui/cn.js';

export interface StickerContent {
  host: string;
  shortCode: string;
  verificationWord: string;
  /** The QR code drawn in the browser (a PNG data URL), or null while it is drawn. */
  qrDataUrl: string | null;
}

/**
 * A drawing of one sticker as the PDF lays it out (src/server/vehicles/sticker.layout.ts): the origin, the QR
 * code on its white square, the line, the short code and the word. A preview: the PDF is what prints.
 */
function Sticker({
  content,
  theme,
  small,
}: {
  content: StickerContent;
  theme: StickerTheme;
  small: boolean;
}) {
  const isDark = theme === 'dark';
  return (
    <div
      className={cn(
        'flex aspect-[105/148] w-full flex-col items-center justify-between rounded-sm text-center font-bold',
        small ? 'gap-0.5 p-1.5' : 'gap-1 p-3',
        isDark ? 'bg-[#111827] text-white' : 'bg-white text-[#111827] ring-1 ring-border',
      )}
    >
      <p className={cn('w-full truncate', small ? 'text-[7px]' : 'text-sm')}>{content.host}</p>
      <div className="aspect-square w-full bg-white">
        {content.qrDataUrl ? (
          <img src={content.qrDataUrl} alt="" className="h-full w-full [image-rendering:pixelated]" />
        ) : null}
      </div>
      <p
        className={cn(
          'w-full',
          small ? 'text-[3.5px]' : 'text-[7px]',
          isDark ? 'text-gray-300' : 'text-gray-700',
        )}
      >
        {stickerTexts.scanOrType}
      </p>
      <p className={cn('tracking-wider', small ? 'text-[10px]' : 'text-xl')}>
        {formatShortCode(content.shortCode)}
      </p>
      <p className={cn(small ? 'text-[3px]' : 'text-[6px]', isDark ? 'text-gray-300' : 'text-gray-700')}>
        {stickerTexts.wordLabel}
      </p>
      <p className={cn('tracking-wide', small ? 'text-[7px]' : 'text-sm')}>
        {content.verificationWord.toUpperCase()}
      </p>
    </div>
  );
}

/** The page the chosen template prints: one A6 sticker, or an A4 sheet with four. */
export function StickerPageDrawing({
  content,
  template,
  theme,
}: {
  content: StickerContent;
  template: StickerTemplate;
  theme: StickerTheme;
}) {
  if (template === 'a6') {
    return (
      <div className="mx-auto w-56 bg-white p-2 shadow-md ring-1 ring-border">
        <Sticker content={content} theme={theme} small={false} />
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-64 grid-cols-2 gap-1.5 bg-white p-1.5 shadow-md ring-1 ring-border">
      {['top left', 'top right', 'bottom left', 'bottom right'].map((cell) => (
        <Sticker key={cell} content={content} theme={theme} small />
      ))}
    </div>
  );
}
