import { Button, FileInput, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../lib/alert';
import { errorMessage } from '../lib/api-client';
import { DialogActions } from './DialogActions';

const MAX_BYTES = 10 * 1024 * 1024;

interface ImageUploadModalProps {
  opened: boolean;
  title: string;
  label: string;
  onClose(): void;
  /** Sends the chosen image; the modal closes when it resolves. */
  onUpload(file: File): Promise<unknown>;
}

/** Pick (or photograph) an image and upload it: images only, at most 10 MB. */
export function ImageUploadModal({ opened, title, label, onClose, onUpload }: ImageUploadModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const tooBig = Boolean(file && file.size > MAX_BYTES);
  const close = () => {
    setFile(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="sm">
        <FileInput
          label={label}
          placeholder="Choose an image or take a photo"
          accept="image/*"
          capture="environment"
          value={file}
          onChange={setFile}
          clearable
          error={tooBig ? 'The file is larger than 10 MB' : undefined}
        />
        <Text fz="xs" c="dimmed">
          JPEG, PNG, WebP or HEIC, at most 10 MB.
        </Text>
        <DialogActions onClose={close}>
          <Button
            disabled={!file || tooBig}
            loading={busy}
            onClick={async () => {
              if (!file) return;
              setBusy(true);
              try {
                await onUpload(file);
                close();
              } catch (error) {
                showAlert(errorMessage(error));
              } finally {
                setBusy(false);
              }
            }}
          >
            Upload
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** multipart/form-data with one file part. */
export function fileForm(field: string, file: File): FormData {
  const data = new FormData();
  data.append(field, file, file.name);
  return data;
}
