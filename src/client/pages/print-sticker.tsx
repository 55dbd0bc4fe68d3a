import { Check, FileDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'wouter';
import { qrCodeTarget } from '../../shared/vehicles/qr-target.js';
import {
  STICKER_TEMPLATES,
  STICKER_THEMES,
  type StickerTemplate,
  type StickerTheme,
  stickerPdfPath,
  stickerTexts,
} from '../../shared/vehicles/sticker.js';
import { vehicleTexts } from '../../shared/vehicles/texts.js';
import { usePageTitle } from '../components/page-title.js';
import { Button } from '../components/ui/button.js';
import { Card } from '../components/ui/card.js';
import { cn } from '../components/ui/cn.js';
import { PageSpinner } from '../components/ui/spinner.js';
import { PlateLine } from '../features/vehicles/plate-line.js';
import { useVehicle } from '../features/vehicles/queries.js';
import { ScreenHeader } from '../features/vehicles/screen-header.js';
import { StickerPageDrawing } from '../features/vehicles/sticker-drawing.js';
import { vehicleScreenTexts } from '../features/vehicles/texts.js';
import { useQrDataUrl } from '../features/vehicles/use-qr-data-url.js';
import { vehicleName } from '../features/vehicles/vehicle-display.js';
import { VehicleNotFound } from '../features/vehicles/vehicle-not-found.js';

/** A small drawing of each choice: the page with its stickers, or the theme's colours. */
function ChoiceDrawing({ choice }: { choice: StickerTemplate | StickerTheme }) {
  if (choice === 'a6' || choice === 'a4') {
    const cells = choice === 'a6' ? ['sticker'] : ['top left', 'top right', 'bottom left', 'bottom right'];
    return (
      <span
        className={cn(
          'grid h-10 w-7 shrink-0 gap-0.5 bg-white p-0.5 ring-1 ring-border',
          cells.length === 4 ? 'grid-cols-2' : 'grid-cols-1',
        )}
      >
        {cells.map((cell) => (
          <span key={cell} className="rounded-[1px] border border-gray-400" />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cn(
        'flex h-10 w-7 shrink-0 items-center justify-center rounded-sm ring-1 ring-border',
        choice === 'dark' ? 'bg-[#111827]' : 'bg-white',
      )}
    >
      <span className="h-4 w-4 border-2 border-black bg-white" />
    </span>
  );
}

function ChoiceGroup<Choice extends string>({
  legend,
  name,
  choices,
  labels,
  value,
  onChange,
  columns,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  labels: Record<Choice, { name: string; description: string }>;
  value: Choice;
  onChange: (choice: Choice) => void;
  columns: 1 | 2;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 && 'grid-cols-2')}>
        {choices.map((choice) => {
          const isSelected = choice === value;
          const nameId = `${name}-${choice}-name`;
          return (
            <label
              key={choice}
              className={cn(
                'relative flex cursor-pointer items-center gap-3 rounded-2xl border bg-card p-3 transition',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                isSelected ? 'border-primary ring-1 ring-primary' : 'border-border hover:border-input',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice}
                checked={isSelected}
                onChange={() => onChange(choice)}
                aria-labelledby={nameId}
                aria-describedby={`${name}-${choice}-description`}
                className="absolute inset-0 z-10 cursor-pointer appearance-none rounded-2xl opacity-0"
              />
              <ChoiceDrawing choice={choice as StickerTemplate | StickerTheme} />
              <span className="min-w-0 flex-1">
                <span id={nameId} className="block text-sm font-semibold">
                  {labels[choice].name}
                </span>
                <span id={`${name}-${choice}-description`} className="block text-xs text-muted-foreground">
                  {labels[choice].description}
                </span>
              </span>
              {isSelected ? <Check aria-hidden className="h-4 w-4 shrink-0 text-primary" /> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <Card className="flex flex-col gap-4 px-5 py-5">{children}</Card>;
}

/** The print studio: choose a template and a theme, see the sticker, download its PDF (made by the server). */
export function PrintStickerPage() {
  const { vehicleId = '' } = useParams<{ vehicleId: string }>();
  const vehicleQuery = useVehicle(vehicleId);
  const vehicle = vehicleQuery.data;
  const [template, setTemplate] = useState<StickerTemplate>('a6');
  const [theme, setTheme] = useState<StickerTheme>('light');
  const qrDataUrl = useQrDataUrl(vehicle ? qrCodeTarget(window.location.origin, vehicle.qrCode) : null);
  usePageTitle(
    vehicleQuery.isPending || vehicle ? vehicleScreenTexts.printSticker.title : vehicleTexts.vehicleNotFound,
  );

  if (vehicleQuery.isPending) return <PageSpinner />;
  if (!vehicle) return <VehicleNotFound />;

  return (
    <div className="flex flex-col gap-5 px-5 pb-8 pt-4">
      <ScreenHeader title={vehicleScreenTexts.printSticker.title} backHref={`/qr-code/${vehicle.id}`} />
      <div>
        <p className="font-mono text-lg font-semibold tracking-wider">
          <PlateLine licensePlate={vehicle.licensePlate} />
        </p>
        <p className="text-sm text-muted-foreground">{vehicleName(vehicle)}</p>
      </div>
      <p className="text-sm text-muted-foreground">{vehicleScreenTexts.printSticker.intro}</p>
      <Section>
        <ChoiceGroup
          legend={vehicleScreenTexts.printSticker.templateLegend}
          name="sticker-template"
          choices={STICKER_TEMPLATES}
          labels={vehicleScreenTexts.printSticker.templates}
          columns={1}
          value={template}
          onChange={setTemplate}
        />
        <ChoiceGroup
          legend={vehicleScreenTexts.printSticker.themeLegend}
          name="sticker-theme"
          choices={STICKER_THEMES}
          labels={vehicleScreenTexts.printSticker.themes}
          columns={2}
          value={theme}
          onChange={setTheme}
        />
      </Section>
      <figure
        className="flex flex-col items-center gap-2"
        aria-label={vehicleScreenTexts.printSticker.preview}
      >
        <StickerPageDrawing
          content={{
            host: window.location.host,
            shortCode: vehicle.shortCode,
            verificationWord: vehicle.verificationWord,
            qrDataUrl,
          }}
          template={template}
          theme={theme}
        />
        <figcaption className="text-xs text-muted-foreground">
          {vehicleScreenTexts.printSticker.cutting}
        </figcaption>
      </figure>
      {vehicle.isActive ? (
        <Button asChild size="large">
          <a href={stickerPdfPath(vehicle.id, { template, theme })} download>
            <FileDown aria-hidden className="h-4 w-4" />
            {vehicleScreenTexts.printSticker.download}
          </a>
        </Button>
      ) : (
        <>
          <p role="status" className="text-sm font-medium">
            {stickerTexts.vehicleRemoved}
          </p>
          <Button size="large" disabled>
            <FileDown aria-hidden className="h-4 w-4" />
            {vehicleScreenTexts.printSticker.download}
          </Button>
        </>
      )}
    </div>
  );
}
