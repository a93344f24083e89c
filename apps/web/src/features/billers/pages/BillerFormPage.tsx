import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { billerInput, PARTY_MESSAGES } from '@wd/contracts';
import { useState } from 'react';
import { AddressFields, type AddressValues, addressInput, EMPTY_ADDRESS } from '../../../components/AddressFields';
import { EdiIdFields, type EdiIdValues, EMPTY_EDI_ID } from '../../../components/EdiIdFields';
import { ImageUploadModal } from '../../../components/ImageUpload';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { showSuccess } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/form';
import { useIdParam } from '../../../lib/route-params';
import { useBiller, useCreateBiller, useUpdateBiller, useUploadLogo } from '../api';

type Values = AddressValues & EdiIdValues & Record<string, unknown>;

/** New, view (read-only with Edit) and edit of a biller, with its logo. */
export function BillerForm({ mode }: { mode: FormMode }) {
  const uploadLogo = useUploadLogo();
  const [uploading, setUploading] = useState(false);
  const form = useContractForm<Values>({ initialValues: { ...EMPTY_ADDRESS, ...EMPTY_EDI_ID }, schema: billerInput });
  const { record: biller, formProps } = useRecordPage({
    mode,
    path: 'billers',
    noun: 'Biller',
    form,
    useRecord: useBiller,
    useCreate: useCreateBiller,
    useUpdate: useUpdateBiller,
    toValues: ({ id: _, logo: __, deletedAt: ___, ...fields }) => fields,
    toBody: (v: Values) => ({ ...addressInput(v), ediId: v.ediId.trim(), ediQualifier: v.ediQualifier }),
  });
  const id = useIdParam();
  // The edit screen words a missing biller as 'The buyer doesn't exist'.
  const missing = biller.error instanceof ApiError && biller.error.status === 404;
  const loadError = mode === 'edit' && missing ? PARTY_MESSAGES.buyerNotFound : formProps.loadError;

  return (
    <RecordForm {...formProps} loadError={loadError}>
      {(readOnly) => (
        <Stack gap="sm">
          <AddressFields form={form} readOnly={readOnly} />
          <EdiIdFields
            form={form}
            readOnly={readOnly}
            recordId={id}
            label="EDI id (what stores' back offices know you by)"
          />
          {mode !== 'new' && (
            <Group align="center" gap="md">
              <Text fz="sm" fw={500}>
                Logo
              </Text>
              {biller.data?.logo ? (
                <Image src={biller.data.logo} alt={`${biller.data.company} logo`} h={56} w="auto" fit="contain" />
              ) : (
                <Text fz="sm" c="dimmed">
                  No logo yet
                </Text>
              )}
              <Button size="xs" variant="light" onClick={() => setUploading(true)}>
                {biller.data?.logo ? 'Change logo' : 'Upload logo'}
              </Button>
              <ImageUploadModal
                opened={uploading}
                title="Biller logo"
                label="Logo image"
                onClose={() => setUploading(false)}
                onUpload={async (file) => {
                  await uploadLogo.mutateAsync({ id: id ?? 0, file });
                  showSuccess('Logo saved');
                }}
              />
            </Group>
          )}
        </Stack>
      )}
    </RecordForm>
  );
}

export const BillerNewPage = () => <BillerForm mode="new" />;
export const BillerViewPage = () => <BillerForm mode="view" />;
export const BillerEditPage = () => <BillerForm mode="edit" />;
