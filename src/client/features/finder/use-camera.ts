import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { cameraConstraints, preferredRearCamera, videoInputs } from './camera.js';
import { finderTexts } from './texts.js';

export type CameraState =
  | { status: 'starting' }
  | { status: 'active' }
  /** problem: one of the camera texts of spec §8. */
  | { status: 'failed'; problem: string };

/** MediaTrackCapabilities and constraints do not name the torch yet in TypeScript's DOM library. */
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

function supportsTorch(track: MediaStreamTrack): boolean {
  try {
    return (
      typeof track.getCapabilities === 'function' &&
      (track.getCapabilities() as TorchCapabilities).torch === true
    );
  } catch {
    return false;
  }
}

function stopTracks(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Opens the preferred rear camera; if asking for it by id fails, asks for any environment-facing one. */
async function openCamera(media: MediaDevices): Promise<MediaStream> {
  const rearCamera = preferredRearCamera(await media.enumerateDevices());
  try {
    return await media.getUserMedia(cameraConstraints(rearCamera));
  } catch (error) {
    if (!rearCamera) throw error;
    return media.getUserMedia(cameraConstraints());
  }
}

async function hasVideoInput(media: MediaDevices): Promise<boolean> {
  try {
    return videoInputs(await media.enumerateDevices()).length > 0;
  } catch {
    return false;
  }
}

/**
 * Plays the rear camera into the video element while the component is mounted, and stops every track when it
 * unmounts. Offers the flashlight only when the camera says it has one (spec §4 Forms).
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>) {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [canUseTorch, setCanUseTorch] = useState(false);
  const [isTorchOn, setIsTorchOn] = useState(false);
  const trackRef = useRef<MediaStreamTrack | null>(null);

  useEffect(() => {
    let isCancelled = false;
    let stream: MediaStream | undefined;
    const video = videoRef.current;
    const fail = (problem: string) => {
      if (!isCancelled) setState({ status: 'failed', problem });
    };

    async function start() {
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      if (!media?.getUserMedia || !media.enumerateDevices) return fail(finderTexts.cameraNotAvailable);
      if (!(await hasVideoInput(media))) return fail(finderTexts.noCameraDevices);
      try {
        stream = await openCamera(media);
      } catch (error) {
        console.warn('Camera start failed:', error);
        return fail(finderTexts.cameraStartFailed);
      }
      if (isCancelled) return stopTracks(stream);
      const track = stream.getVideoTracks()[0];
      if (!track || !video) return fail(finderTexts.cameraStartFailed);
      track.addEventListener('ended', () => fail(finderTexts.cameraStartFailed));
      trackRef.current = track;
      video.srcObject = stream;
      // Autoplay of a muted inline video is allowed; an interrupted play() rejects harmlessly.
      video.play().catch(() => {});
      setCanUseTorch(supportsTorch(track));
      setState({ status: 'active' });
    }

    void start();
    return () => {
      isCancelled = true;
      stopTracks(stream);
      trackRef.current = null;
      if (video) video.srcObject = null;
    };
  }, [videoRef]);

  const toggleTorch = useCallback(async () => {
    const track = trackRef.current;
    if (!track || !supportsTorch(track)) return;
    const next = !isTorchOn;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setIsTorchOn(next);
    } catch (error) {
      console.warn('Flashlight toggle failed:', error);
    }
  }, [isTorchOn]);

  return { state, canUseTorch, isTorchOn, toggleTorch };
}
