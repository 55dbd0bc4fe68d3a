import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { startCamera, stopTracks } from './start-camera.js';
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
      const started = await startCamera(media, () => isCancelled);
      if (started.status === 'cancelled') return;
      if (isCancelled) return started.status === 'started' ? stopTracks(started.stream) : undefined;
      if (started.status === 'failed') {
        if (started.error !== undefined) console.warn('Camera start failed:', started.error);
        return fail(started.problem);
      }
      stream = started.stream;
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
