import { Grid, Textarea } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import type { HeaderChange } from '../../hooks/useInvoiceEditor';

/** Remarks (internal) and notes for the customer: typed freely, saved when the field is left. Memoised: a scan does not render it. */
export const NotesFields = memo(function NotesFields({
  remarks,
  notes,
  save,
}: {
  remarks: string;
  notes: string;
  save(change: HeaderChange): unknown;
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <NoteField label="Remarks" saved={remarks} onSave={(text) => save({ remarks: text })} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <NoteField label="Notes for customer" saved={notes} onSave={(text) => save({ notes: text })} />
      </Grid.Col>
    </Grid>
  );
});

function NoteField({ label, saved, onSave }: { label: string; saved: string; onSave(text: string): unknown }) {
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]);
  return (
    <Textarea
      label={label}
      autosize
      minRows={2}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => text !== saved && onSave(text)}
    />
  );
}
