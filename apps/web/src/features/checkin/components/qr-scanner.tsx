import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECKIN_SCREEN_MESSAGES } from '../checkin-messages';
import { createQrReader } from '../qr-reader';

const M = CHECKIN_SCREEN_MESSAGES.camera;

/** How often a frame is read: fast enough to feel instant, slow enough for a phone's battery. */
const FRAME_INTERVAL_MS = 150;
/** A pass still in front of the camera after its result is dismissed is not read again at once. */
const SAME_CODE_PAUSE_MS = 2000;

type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * The camera's view (the rear camera where there is one), read for QR codes while `isPaused` is false. Starts by
 * itself when the browser already allows the camera; otherwise on the button.
 */
export function QrScanner({ isPaused, onCode }: { isPaused: boolean; onCode: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>('off');
  const paused = useRef(isPaused);
  const onCodeRef = useRef(onCode);
  const lastRead = useRef<{ text: string; at: number } | null>(null);

  useEffect(() => {
    paused.current = isPaused;
    // The pause starts again from the dismissal: the same pass is ignored a moment longer.
    if (!isPaused && lastRead.current) lastRead.current.at = Date.now();
  }, [isPaused]);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera('off');
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera('unavailable');
      return;
    }
    setCamera('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.srcObject = stream;
      await video.play();
      setCamera('on');
    } catch (error) {
      setCamera((error as Error).name === 'NotAllowedError' ? 'denied' : 'unavailable');
    }
  }, []);

  // Starts at once where the camera is already allowed (the volunteer allowed it on an earlier visit).
  useEffect(() => {
    let isCurrent = true;
    void navigator.permissions
      ?.query({ name: 'camera' as PermissionName })
      .then((status) => {
        if (isCurrent && status.state === 'granted') void start();
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
      stop();
    };
  }, [start, stop]);

  useEffect(() => {
    if (camera !== 'on') return;
    let isCurrent = true;
    let timer: number | undefined;
    void createQrReader().then((read) => {
      const tick = async () => {
        const video = videoRef.current;
        if (!isCurrent) return;
        if (video && !paused.current) {
          const text = await read(video).catch(() => null);
          const last = lastRead.current;
          const isRepeat = last !== null && last.text === text && Date.now() - last.at < SAME_CODE_PAUSE_MS;
          if (isCurrent && text && !isRepeat && !paused.current) {
            lastRead.current = { text, at: Date.now() };
            onCodeRef.current(text);
          }
        }
        if (isCurrent) timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    });
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [camera]);

  const message =
    camera === 'starting'
      ? M.starting
      : camera === 'on'
        ? M.scanning
        : camera === 'denied'
          ? M.denied
          : camera === 'unavailable'
            ? M.unavailable
            : null;

  return (
    <div className="space-y-3">
      <div
        className={`bg-neutral overflow-hidden rounded-box ${camera === 'on' || camera === 'starting' ? '' : 'hidden'}`}
      >
        <video
          ref={videoRef}
          className="aspect-square w-full object-cover"
          aria-label={M.video}
          muted
          playsInline
        />
      </div>
      {message && <p className="text-base-content/80">{message}</p>}
      {camera === 'on' ? (
        <button type="button" className="btn btn-outline btn-block" onClick={stop}>
          {M.stop}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-lg btn-block"
          disabled={camera === 'starting'}
          onClick={() => void start()}
        >
          {M.start}
        </button>
      )}
    </div>
  );
}
