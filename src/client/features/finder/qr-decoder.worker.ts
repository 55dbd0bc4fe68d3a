/** Decodes QR codes off the main thread; the scanner posts one frame at a time (decode-frame.ts). */
import { type DecodeRequest, type DecodeResult, decodeFrame } from './decode-frame.js';

interface DecoderScope {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeResult): void;
}

const scope = self as unknown as DecoderScope;

scope.onmessage = (event) => {
  let result: DecodeResult;
  try {
    result = decodeFrame(event.data);
  } catch {
    result = { text: null };
  }
  scope.postMessage(result);
};
