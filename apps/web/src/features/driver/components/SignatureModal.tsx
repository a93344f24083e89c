import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import type { DeviceProof } from '../db';

/** Where the phone is, when it allows it (within 5 s); nothing otherwise. */
function position(): Promise<{ latitude?: number; longitude?: number }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve({});
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve({}),
      { timeout: 5000, maximumAge: 60_000 },
    );
  });
}

/** The receiver signs on the screen and prints their name: the proof of delivery. */
export function SignatureModal({
  opened,
  onClose,
  onSigned,
}: {
  opened: boolean;
  onClose(): void;
  onSigned(proof: DeviceProof): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    if (!opened) return;
    // The modal's canvas exists after its open transition starts.
    const timer = setTimeout(() => {
      const el = canvas.current;
      if (!el) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      pad.current = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)' });
      pad.current.addEventListener('endStroke', () => setEmpty(pad.current?.isEmpty() ?? true));
    }, 50);
    return () => {
      clearTimeout(timer);
      pad.current?.off();
      pad.current = null;
      setEmpty(true);
    };
  }, [opened]);

  const save = async () => {
    if (!pad.current || pad.current.isEmpty() || !name.trim()) return;
    const signature = pad.current.toDataURL('image/png');
    onSigned({ receivedBy: name.trim(), signedAt: new Date().toISOString(), signature, ...(await position()) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Proof of delivery" fullScreen>
      <Stack>
        <TextInput
          label="Received by (printed name)"
          size="lg"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          autoComplete="off"
        />
        <Text size="sm">Sign in the box</Text>
        <canvas
          ref={canvas}
          aria-label="Signature"
          style={{
            width: '100%',
            height: 220,
            border: '2px solid var(--mantine-color-gray-5)',
            borderRadius: 8,
            touchAction: 'none',
            background: '#fff',
          }}
        />
        <Group grow>
          <Button
            size="lg"
            variant="default"
            onClick={() => {
              pad.current?.clear();
              setEmpty(true);
            }}
          >
            Clear
          </Button>
          <Button size="lg" onClick={save} disabled={empty || !name.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
