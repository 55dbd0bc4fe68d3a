/** Where a vehicle's QR code points: the site's own vehicle-found route (spec §2 QR code). */
export function qrCodeTarget(origin: string, qrCode: string): string {
  return `${origin}/vehicle/qr/${encodeURIComponent(qrCode)}`;
}
