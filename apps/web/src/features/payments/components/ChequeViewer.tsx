import { Button, Image, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fetchBlob } from '../../../lib/api-client';

/** A payment's stored cheque photo, fetched behind the token and shown in a dialog. */
export function useChequeViewer() {
  const [cheque, setCheque] = useState<{ url: string; ref: string } | null>(null);
  useEffect(() => () => (cheque ? URL.revokeObjectURL(cheque.url) : undefined), [cheque]);
  return {
    cheque,
    open: async (referenceNo: string) => {
      const blob = await fetchBlob(`/images/cheques/${referenceNo}.jpg`);
      setCheque({ url: URL.createObjectURL(blob), ref: referenceNo });
    },
    close: () => setCheque(null),
  };
}

export function ChequeViewer({ viewer: { cheque, close } }: { viewer: ReturnType<typeof useChequeViewer> }) {
  return (
    <Modal opened={Boolean(cheque)} onClose={close} title={`Cheque · ${cheque?.ref ?? ''}`} size="lg" centered>
      {cheque && (
        <>
          <Image src={cheque.url} alt="Cheque" fit="contain" mah={480} />
          <Button mt="sm" component="a" href={cheque.url} download={`${cheque.ref}.jpg`}>
            Download
          </Button>
        </>
      )}
    </Modal>
  );
}
