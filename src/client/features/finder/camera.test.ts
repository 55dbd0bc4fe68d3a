import { describe, expect, it } from 'vitest';
import { type CameraDevice, cameraConstraints, preferredRearCamera, videoInputs } from './camera.js';

const camera = (deviceId: string, label: string, kind: MediaDeviceKind = 'videoinput'): CameraDevice => ({
  deviceId,
  label,
  kind,
});

describe('preferredRearCamera', () => {
  it('finds a camera labelled rear, back or environment', () => {
    expect(preferredRearCamera([camera('f', 'Front Camera'), camera('b', 'Back Camera')])?.deviceId).toBe(
      'b',
    );
    expect(
      preferredRearCamera([camera('a', 'camera2 1, facing front'), camera('r', 'camera2 0, facing back')])
        ?.deviceId,
    ).toBe('r');
    expect(preferredRearCamera([camera('r', 'Rear camera')])?.deviceId).toBe('r');
    expect(preferredRearCamera([camera('e', 'Environment-facing camera')])?.deviceId).toBe('e');
  });

  it('prefers an ordinary lens to an ultra-wide or telephoto one', () => {
    const devices = [
      camera('u', 'Back Ultra Wide Camera'),
      camera('t', 'Back Telephoto Camera'),
      camera('m', 'Back Camera'),
    ];
    expect(preferredRearCamera(devices)?.deviceId).toBe('m');
    expect(preferredRearCamera(devices.slice(0, 2))?.deviceId).toBe('u');
  });

  it('finds none without labels (before camera access is granted), for front cameras, or among microphones', () => {
    expect(preferredRearCamera([camera('', ''), camera('x', '')])).toBeUndefined();
    expect(
      preferredRearCamera([camera('f', 'FaceTime HD Camera'), camera('w', 'Integrated Webcam')]),
    ).toBeUndefined();
    expect(preferredRearCamera([camera('m', 'Back microphone', 'audioinput')])).toBeUndefined();
    expect(preferredRearCamera([camera('', 'Back Camera')])).toBeUndefined();
    expect(preferredRearCamera([])).toBeUndefined();
  });

  it('does not read "back" inside another word', () => {
    expect(preferredRearCamera([camera('x', 'Backlit webcam')])).toBeUndefined();
  });
});

describe('videoInputs', () => {
  it('keeps only cameras', () => {
    expect(
      videoInputs([camera('a', 'Mic', 'audioinput'), camera('v', 'Cam')]).map((d) => d.deviceId),
    ).toEqual(['v']);
  });
});

describe('cameraConstraints', () => {
  it('asks for the chosen camera by id at ideal 1280x720', () => {
    expect(cameraConstraints(camera('b', 'Back Camera'))).toEqual({
      audio: false,
      video: { deviceId: { exact: 'b' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  });

  it('asks for whichever camera faces the environment when none was chosen', () => {
    expect(cameraConstraints()).toEqual({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  });
});
