/** Camera choice for the QR scanner (spec §9 Camera: rear camera preferred, ideal 1280 by 720). */

export const IDEAL_CAMERA_WIDTH = 1280;
export const IDEAL_CAMERA_HEIGHT = 720;
/** One frame is read every 500 ms (spec §9). */
export const SCAN_INTERVAL_MS = 500;

export type CameraDevice = Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>;

const REAR_LABEL = /\b(rear|back|environment)\b/i;
/** Lenses that focus badly at QR distance; used only when no other rear camera exists. */
const SPECIAL_LENS_LABEL = /\b(ultra|tele(photo)?)\b/i;

export function videoInputs<T extends CameraDevice>(devices: readonly T[]): T[] {
  return devices.filter((device) => device.kind === 'videoinput');
}

/**
 * The rear camera to ask for by id, when the browser already tells labels (it does once camera access was
 * granted): the first labelled rear, back or environment camera, an ordinary lens before an ultra-wide or
 * telephoto one. Undefined when no label says so; the facingMode hint then asks for the rear camera.
 */
export function preferredRearCamera<T extends CameraDevice>(devices: readonly T[]): T | undefined {
  const rear = videoInputs(devices).filter(
    (device) => device.deviceId !== '' && REAR_LABEL.test(device.label),
  );
  return rear.find((device) => !SPECIAL_LENS_LABEL.test(device.label)) ?? rear[0];
}

/** What getUserMedia is asked for: the chosen camera by id, else whichever faces the environment. */
export function cameraConstraints(rearCamera?: CameraDevice): MediaStreamConstraints {
  const size = { width: { ideal: IDEAL_CAMERA_WIDTH }, height: { ideal: IDEAL_CAMERA_HEIGHT } };
  return {
    audio: false,
    video: rearCamera
      ? { deviceId: { exact: rearCamera.deviceId }, ...size }
      : { facingMode: { ideal: 'environment' }, ...size },
  };
}
