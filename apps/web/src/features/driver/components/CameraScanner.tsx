import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

const FORMATS = ['upc_a', 'upc_e', 'ean_13', 'ean_8', 'code_128'];

/**
 * Scans a barcode with the phone's camera: the browser's BarcodeDetector where it exists,
 * ZXing (loaded only then) elsewhere. Calls `onCode` once for each barcode shown; stays open for the next.
 */
export function CameraScanner({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose(): void;
  onCode(code: string): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState('');

  useEffect(() => {
    if (!opened) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopZxing: (() => void) | null = null;
    // A barcode held in front of the camera counts once: it counts again only after it has been
    // out of view for a second (the next can moved in), never on every frame.
    let lastCode = '';
    let lastSeen = 0;
    const found = (code: string) => {
      const now = Date.now();
      const again = code === lastCode && now - lastSeen < 1000;
      lastCode = code;
      lastSeen = now;
      if (again) return;
      setLast(code);
      onCode(code);
    };
    (async () => {
      try {
        if (window.BarcodeDetector) {
          stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
          if (stopped || !video.current) return;
          video.current.srcObject = stream;
          await video.current.play();
          const detector = new window.BarcodeDetector({ formats: FORMATS });
          while (!stopped && video.current) {
            const codes = await detector.detect(video.current).catch(() => []);
            if (codes[0]) found(codes[0].rawValue);
            await new Promise((r) => setTimeout(r, 150));
          }
        } else {
          const { BrowserMultiFormatReader } = await import('@zxing/browser');
          if (stopped || !video.current) return;
          const controls = await new BrowserMultiFormatReader().decodeFromConstraints(
            { video: { facingMode: 'environment' } },
            video.current,
            (result) => {
              if (result) found(result.getText());
            },
          );
          stopZxing = () => controls.stop();
        }
      } catch (e) {
        setError(
          e instanceof Error && e.name === 'NotAllowedError'
            ? 'The camera is not allowed for this site.'
            : 'No camera could be opened.',
        );
      }
    })();
    return () => {
      stopped = true;
      stopZxing?.();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [opened, onCode]);

  return (
    <Modal opened={opened} onClose={onClose} title="Scan with the camera" fullScreen>
      <Stack>
        {error ? (
          <Alert color="red">{error} Type the barcode or use a scanner instead.</Alert>
        ) : (
          <video ref={video} playsInline muted style={{ width: '100%', borderRadius: 8, background: '#000' }} />
        )}
        <Text size="lg" aria-live="polite">
          {last ? `Read ${last}` : 'Point the camera at a barcode'}
        </Text>
        <Button size="lg" onClick={onClose}>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}
