import { cameraConstraints, preferredRearCamera, videoInputs } from './camera.js';
import { finderTexts } from './texts.js';

/** The part of navigator.mediaDevices the scanner uses. */
export type CameraMedia = Pick<MediaDevices, 'enumerateDevices' | 'getUserMedia'>;

export type CameraStart =
  /** The scanner was left meanwhile: nothing is running (a stream that arrived late was stopped). */
  | { status: 'cancelled' }
  /** problem: one of the camera texts of spec §8. */
  | { status: 'failed'; problem: string; error?: unknown }
  | { status: 'started'; stream: MediaStream };

export function stopTracks(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

async function listDevices(media: CameraMedia): Promise<MediaDeviceInfo[]> {
  try {
    return await media.enumerateDevices();
  } catch {
    return [];
  }
}

/**
 * Opens the preferred rear camera; if asking for it by id fails, asks for any environment-facing one. After
 * every wait it checks isCancelled: leaving the scanner while devices are listed asks for no camera, and a
 * camera that opens after leaving is stopped at once.
 */
export async function startCamera(
  media: Partial<CameraMedia> | undefined,
  isCancelled: () => boolean,
): Promise<CameraStart> {
  if (!media?.getUserMedia || !media.enumerateDevices) {
    return { status: 'failed', problem: finderTexts.cameraNotAvailable };
  }
  const available = media as CameraMedia;
  const devices = await listDevices(available);
  if (isCancelled()) return { status: 'cancelled' };
  if (videoInputs(devices).length === 0) return { status: 'failed', problem: finderTexts.noCameraDevices };

  const rearCamera = preferredRearCamera(devices);
  let stream: MediaStream;
  try {
    try {
      stream = await available.getUserMedia(cameraConstraints(rearCamera));
    } catch (error) {
      if (!rearCamera || isCancelled()) throw error;
      stream = await available.getUserMedia(cameraConstraints());
    }
  } catch (error) {
    if (isCancelled()) return { status: 'cancelled' };
    return { status: 'failed', problem: finderTexts.cameraStartFailed, error };
  }
  if (isCancelled()) {
    stopTracks(stream);
    return { status: 'cancelled' };
  }
  return { status: 'started', stream };
}
