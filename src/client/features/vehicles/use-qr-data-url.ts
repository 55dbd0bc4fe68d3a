import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Spec §9 QR image: 256 px, error correction level M, margin 2. */
export const QR_IMAGE_OPTIONS = { width: 256, margin: 2, errorCorrectionLevel: 'M' } as const;

/** A PNG data URL of the QR code for a text, drawn in the browser; null while drawing or without text. */
export function useQrDataUrl(text: string | null): string | null {
  const [drawn, setDrawn] = useState<{ text: string; dataUrl: string } | null>(null);
  useEffect(() => {
    if (text === null) return;
    let isCurrent = true;
    QRCode.toDataURL(text, QR_IMAGE_OPTIONS)
      .then((dataUrl) => {
        if (isCurrent) setDrawn({ text, dataUrl });
      })
      .catch((error: unknown) => console.warn('Failed to draw the QR code:', error));
    return () => {
      isCurrent = false;
    };
  }, [text]);
  return drawn !== null && drawn.text === text ? drawn.dataUrl : null;
}
