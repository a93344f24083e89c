import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EDI_ID_MAX, EDI_QUALIFIER_LABELS, EDI_QUALIFIERS, type EdiQualifier } from '@wd/contracts';

export interface EdiIdValues {
  ediId: string;
  ediQualifier: EdiQualifier;
}
export const EMPTY_EDI_ID: EdiIdValues = { ediId: '', ediQualifier: 'ZZ' };

const QUALIFIER_OPTIONS = EDI_QUALIFIERS.map((value) => ({ value, label: EDI_QUALIFIER_LABELS[value] }));

/**
 * The partner id the X12 810 carries for a biller (what the store's back office has for the
 * vendor) or a customer (the store number the vendor uses), and its qualifier. Empty: the
 * record's number, zero-padded to 6 digits.
 */
export function EdiIdFields<V extends EdiIdValues>({
  form,
  readOnly,
  recordId,
  label,
}: {
  form: UseFormReturnType<V>;
  readOnly: boolean;
  /** The record's number, for the default shown when the id is empty (none on a new record). */
  recordId?: number;
  label: string;
}) {
  const input = (path: keyof EdiIdValues) => form.getInputProps(path as never);
  const fallback = recordId ? String(recordId).padStart(6, '0') : 'its number, zero-padded to 6 digits';
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={label}
          description={`For EDI files; empty uses ${fallback}`}
          maxLength={EDI_ID_MAX}
          readOnly={readOnly}
          autoComplete="off"
          {...input('ediId')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="EDI id qualifier"
          description="What kind of id it is"
          data={QUALIFIER_OPTIONS}
          allowDeselect={false}
          readOnly={readOnly}
          {...input('ediQualifier')}
        />
      </Grid.Col>
    </Grid>
  );
}
