import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * The voice message's recorder: the browser's MediaRecorder on the microphone (getUserMedia). The
 * recording is kept as a Blob; sending reads it as a data URL. The microphone is released as soon
 * as recording stops, and when the page closes.
 */

export type RecorderState = 'idle' | 'recording' | 'recorded';

export interface VoiceRecording {
  blob: Blob;
  /** An object URL of the blob, to play it back here. */
  url: string;
  seconds: number;
}

/** Why recording cannot start, in the user's words. */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Microphone access was refused. Allow the microphone for this site in the browser to record.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found. Connect one to record a voice message.';
  if (name === 'NotReadableError') return 'The microphone is in use by another application.';
  return 'The microphone could not be started.';
}

export const NO_RECORDER =
  'This browser cannot record audio (it offers no microphone access here; the console must be opened over HTTPS).';

/** Whether this browser can record at all. */
const canRecord = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder === 'function' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Seconds as m:ss. */
export const formatSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Reads a recording as the data URL the voice call takes. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The recording could not be read.'));
    reader.readAsDataURL(blob);
  });
}

export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [recording, setRecording] = useState<VoiceRecording | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  const urlRef = useRef<string | null>(null);

  const releaseMicrophone = useCallback(() => {
    if (ticker.current) clearInterval(ticker.current);
    ticker.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const forgetRecording = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
  }, []);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      releaseMicrophone();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [releaseMicrophone],
  );

  const start = useCallback(async () => {
    setProblem(null);
    if (!canRecord()) {
      setProblem(NO_RECORDER);
      return;
    }
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setProblem(microphoneProblem(error));
      return;
    }
    forgetRecording();
    stream.current = media;
    const chunks: Blob[] = [];
    const started = Date.now();
    const mediaRecorder = new MediaRecorder(media);
    mediaRecorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    mediaRecorder.onstop = () => {
      releaseMicrophone();
      const blob = new Blob(chunks, { type: mediaRecorder.mimeType || chunks[0]?.type || 'audio/webm' });
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      const length = (Date.now() - started) / 1000;
      setSeconds(length);
      setRecording({ blob, url, seconds: length });
      setState('recorded');
    };
    recorder.current = mediaRecorder;
    mediaRecorder.start();
    setSeconds(0);
    setState('recording');
    ticker.current = setInterval(() => setSeconds((Date.now() - started) / 1000), 250);
  }, [forgetRecording, releaseMicrophone]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const clear = useCallback(() => {
    forgetRecording();
    setSeconds(0);
    setProblem(null);
    setState('idle');
  }, [forgetRecording]);

  return { state, recording, seconds, problem, start, stop, clear };
}
