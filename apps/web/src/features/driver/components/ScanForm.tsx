import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** The scan box: keeps its own text, so typing (a scanner types like a keyboard) redraws nothing else. */
export function ScanForm({
  onScan,
  onCamera,
  inputRef,
}: {
  onScan(code: string): void;
  onCamera(): void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const code = text;
        setText('');
        onScan(code);
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={inputRef}
          label="Scan or type a barcode or name"
          size="lg"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autoFocus
          autoComplete="off"
          style={{ flex: 1 }}
        />
        <Button size="lg" variant="light" onClick={onCamera} aria-label="Scan with the camera">
          <svg
            width="26"
            height="26"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
            <circle cx="12" cy="13" r="4" />
          </svg>
        </Button>
      </Group>
    </form>
  );
}
