import { Button, Image, Modal, Stack } from '@mantine/core';
import { type Customer, PARTY_MESSAGES } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { DialogActions } from '../../../components/DialogActions';
import { ImageUploadModal } from '../../../components/ImageUpload';
import { showAlert, showSuccess } from '../../../lib/alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { downloadResaleCertificate, resaleCertificateImage, useSignResaleCertificate } from '../api';

export type CertificateDialog = { kind: 'view' | 'sign'; customer: Customer } | null;

/** The two certificate dialogs of the customer list: view (image + PDF download) and sign (upload). */
export function ResaleCertificateDialogs({ dialog, onClose }: { dialog: CertificateDialog; onClose(): void }) {
  const sign = useSignResaleCertificate();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const viewing = dialog?.kind === 'view' ? dialog.customer : null;

  useEffect(() => {
    if (!viewing) return;
    let url: string | null = null;
    resaleCertificateImage(viewing.id)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setImageUrl(url);
      })
      .catch((error) => {
        showAlert(
          error instanceof ApiError && error.status === 404 ? PARTY_MESSAGES.noResaleCertificate : errorMessage(error),
        );
        onClose();
      });
    return () => {
      if (url) URL.revokeObjectURL(url);
      setImageUrl(null);
    };
  }, [viewing, onClose]);

  return (
    <>
      <Modal
        opened={Boolean(viewing && imageUrl)}
        onClose={onClose}
        title={`Resale certificate · ${viewing?.company ?? ''}`}
        size="lg"
        centered
      >
        <Stack>
          {imageUrl && <Image src={imageUrl} alt="Resale certificate" fit="contain" mah={480} />}
          <DialogActions onClose={onClose}>
            <Button
              onClick={async () => {
                if (!viewing) return;
                try {
                  await downloadResaleCertificate(viewing.id);
                } catch (error) {
                  showAlert(errorMessage(error) || PARTY_MESSAGES.certificateFailed);
                }
              }}
            >
              Download PDF
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
      <ImageUploadModal
        opened={dialog?.kind === 'sign'}
        title={`Sign Resale Certificate · ${dialog?.customer.company ?? ''}`}
        label="Signed certificate"
        onClose={onClose}
        onUpload={async (file) => {
          if (!dialog) return;
          await sign.mutateAsync({ id: dialog.customer.id, file });
          showSuccess('Resale certificate saved; verified today');
        }}
      />
    </>
  );
}
