import { describe, expect, it, vi } from 'vitest';
import { type CameraMedia, startCamera } from './start-camera.js';
import { finderTexts } from './texts.js';

const rear = { deviceId: 'rear', kind: 'videoinput', label: 'Back Camera', groupId: '' } as MediaDeviceInfo;
const front = {
  deviceId: 'front',
  kind: 'videoinput',
  label: 'Front Camera',
  groupId: '',
} as MediaDeviceInfo;

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

/** A deferred promise, to leave the scanner while a call waits. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('startCamera', () => {
  it('opens the labelled rear camera by id', async () => {
    const { stream } = fakeStream();
    const getUserMedia = vi.fn(async (_constraints?: MediaStreamConstraints) => stream);
    const media: CameraMedia = { enumerateDevices: async () => [front, rear], getUserMedia };
    await expect(startCamera(media, () => false)).resolves.toEqual({ status: 'started', stream });
    expect(getUserMedia).toHaveBeenCalledOnce();
    expect(getUserMedia.mock.calls[0]?.[0]).toMatchObject({ video: { deviceId: { exact: 'rear' } } });
  });

  it('says the camera is not available without media devices', async () => {
    await expect(startCamera(undefined, () => false)).resolves.toEqual({
      status: 'failed',
      problem: finderTexts.cameraNotAvailable,
    });
  });

  it('says no camera was found when none is listed, or listing fails', async () => {
    const getUserMedia = vi.fn();
    const noCamera = { status: 'failed', problem: finderTexts.noCameraDevices };
    await expect(
      startCamera({ enumerateDevices: async () => [], getUserMedia }, () => false),
    ).resolves.toEqual(noCamera);
    const failing = { enumerateDevices: () => Promise.reject(new Error('no')), getUserMedia };
    await expect(startCamera(failing, () => false)).resolves.toEqual(noCamera);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('asks for any environment-facing camera when the chosen one fails', async () => {
    const { stream } = fakeStream();
    const getUserMedia = vi.fn().mockRejectedValueOnce(new Error('busy')).mockResolvedValueOnce(stream);
    const result = await startCamera({ enumerateDevices: async () => [rear], getUserMedia }, () => false);
    expect(result).toEqual({ status: 'started', stream });
    expect(getUserMedia.mock.calls[1]?.[0]).toMatchObject({
      video: { facingMode: { ideal: 'environment' } },
    });
  });

  it('reports the start failure with the error', async () => {
    const error = new Error('denied');
    const getUserMedia = vi.fn().mockRejectedValue(error);
    await expect(
      startCamera({ enumerateDevices: async () => [front], getUserMedia }, () => false),
    ).resolves.toEqual({ status: 'failed', problem: finderTexts.cameraStartFailed, error });
  });

  it('asks for no camera when the scanner is left while devices are listed', async () => {
    const listing = deferred<MediaDeviceInfo[]>();
    const getUserMedia = vi.fn();
    let isCancelled = false;
    const result = startCamera({ enumerateDevices: () => listing.promise, getUserMedia }, () => isCancelled);
    isCancelled = true;
    listing.resolve([rear]);
    await expect(result).resolves.toEqual({ status: 'cancelled' });
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('stops a camera that opens after the scanner was left', async () => {
    const { stream, track } = fakeStream();
    const opening = deferred<MediaStream>();
    const getUserMedia = vi.fn(() => opening.promise);
    let isCancelled = false;
    const result = startCamera({ enumerateDevices: async () => [rear], getUserMedia }, () => isCancelled);
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalledOnce());
    isCancelled = true;
    opening.resolve(stream);
    await expect(result).resolves.toEqual({ status: 'cancelled' });
    expect(track.stop).toHaveBeenCalled();
  });

  it('does not retry, nor report a failure, when the scanner was left while the chosen camera failed', async () => {
    const opening = deferred<MediaStream>();
    const getUserMedia = vi.fn(() => opening.promise);
    let isCancelled = false;
    const result = startCamera({ enumerateDevices: async () => [rear], getUserMedia }, () => isCancelled);
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalledOnce());
    isCancelled = true;
    opening.reject(new Error('aborted'));
    await expect(result).resolves.toEqual({ status: 'cancelled' });
    expect(getUserMedia).toHaveBeenCalledOnce();
  });
});
