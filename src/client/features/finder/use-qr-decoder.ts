import { type RefObject, useEffect, useRef } from 'react';
import { SCAN_INTERVAL_MS } from './camera.js';
import type { DecodeRequest, DecodeResult } from './decode-frame.js';

/** Larger frames cost decode time without helping: a code fills a good part of the frame. */
const MAX_FRAME_SIDE = 1280;

function frameSize(width: number, height: number) {
  const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

interface QrDecoderOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Whether the camera plays; the worker lives only while it does. */
  isCameraActive: boolean;
  /** Frames are skipped while this is true (a lookup is running). */
  isPaused: boolean;
  onDecoded: (text: string) => void;
}

/**
 * Every 500 ms (spec §9) draws the video frame to a canvas and posts its pixels to a Web Worker running jsQR,
 * one frame at a time: a frame is skipped while the previous one is still being decoded.
 */
export function useQrDecoder({ videoRef, isCameraActive, isPaused, onDecoded }: QrDecoderOptions): void {
  const onDecodedRef = useRef(onDecoded);
  const isPausedRef = useRef(isPaused);
  useEffect(() => {
    onDecodedRef.current = onDecoded;
    isPausedRef.current = isPaused;
  });

  useEffect(() => {
    if (!isCameraActive) return;
    const worker = new Worker(new URL('./qr-decoder.worker.ts', import.meta.url), { type: 'module' });
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let isDecoding = false;

    worker.onmessage = (event: MessageEvent<DecodeResult>) => {
      isDecoding = false;
      const { text } = event.data;
      if (text !== null && !isPausedRef.current) onDecodedRef.current(text);
    };
    worker.onerror = (event) => {
      isDecoding = false;
      console.warn('QR decoder failed:', event.message);
    };

    const timer = window.setInterval(() => {
      const video = videoRef.current;
      if (isDecoding || isPausedRef.current || !context || !video) return;
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return;
      const { width, height } = frameSize(video.videoWidth, video.videoHeight);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const request: DecodeRequest = { width, height, data };
      isDecoding = true;
      worker.postMessage(request, [data.buffer]);
    }, SCAN_INTERVAL_MS);

    return () => {
      window.clearInterval(timer);
      worker.terminate();
    };
  }, [isCameraActive, videoRef]);
}
