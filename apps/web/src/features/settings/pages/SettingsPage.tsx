import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  EMAIL_BOUNDS,
  EMAIL_PLACEHOLDERS,
  type PaperSize,
  SETTINGS_BOUNDS,
  SETTINGS_MESSAGES,
  type Settings,
  settingsSchema,
} from '@wd/contracts';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { PageTitle } from '../../../components/PageTitle';
import { showAlert, showSuccess } from '../../../lib/alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { sentence, useContractForm } from '../../../lib/form';
import { session } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useUpdateSettings } from '../api';

type NumberKey =
  | 'resultsPerPage'
  | 'resultsPerInput'
  | 'pagesDisplayed'
  | 'resultsPerInputInvoices'
  | 'resultsPerInputCustomers';
type FlagKey = 'invoiceResultsPerPage' | 'showSuggestedAnalysis' | 'showIndividualMargin' | 'showDamagedGoods';

/** The papers offered, each with its size. */
const PAPERS: { value: PaperSize; label: string }[] = [
  { value: 'A4', label: 'A4 (210 × 297 mm)' },
  { value: 'Letter', label: 'Letter (8.5 × 11 in)' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/**
 * /settings: the business's settings (docs/settings.md). Admins change and
 * save them; everyone else sees them read-only.
 */
export default function SettingsPage() {
  const user = useSyncExternalStore(session.subscribe, session.get);
  const readOnly = user?.type !== 'admin';
  const { settings, ready } = useSettings();
  const save = useUpdateSettings();
  const form = useContractForm<Settings>({ initialValues: settings, schema: settingsSchema });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once the stored settings arrive (or change)
  useEffect(() => {
    form.setValues(settings);
    form.resetDirty(settings);
  }, [settings]);

  if (!ready) return <Loader />;

  const bounds = (key: NumberKey) =>
    key === 'resultsPerPage' || key === 'pagesDisplayed' ? SETTINGS_BOUNDS[key] : SETTINGS_BOUNDS.resultsPerInput;
  const number = (key: NumberKey, label: string) => (
    <NumberInput
      label={label}
      {...bounds(key)}
      allowDecimal={false}
      readOnly={readOnly}
      w={220}
      {...form.getInputProps(key)}
    />
  );
  const flag = (key: FlagKey, label: string, description?: string) => (
    <Switch
      label={label}
      description={description}
      disabled={readOnly}
      {...form.getInputProps(key, { type: 'checkbox' })}
    />
  );

  const submit = form.onSubmit(async (values) => {
    try {
      // Only what this admin changed: a setting another admin saved since this page was filled
      // is not put back to the value shown here.
      const changed = Object.fromEntries(Object.entries(values).filter(([key]) => form.isDirty(key)));
      await save.mutateAsync(changed);
      showSuccess(SETTINGS_MESSAGES.saved);
    } catch (error) {
      if (error instanceof ApiError && error.field && error.field in values) {
        form.setFieldError(error.field, sentence(error.message.replace(`${error.field} `, '')));
      } else showAlert(errorMessage(error));
    }
  });

  return (
    <form onSubmit={submit}>
      <Stack gap="md" maw={900}>
        <PageTitle title="Settings" />
        {readOnly && (
          <Alert color="blue" variant="light">
            Only an administrator can change the settings.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title="General Settings">
            {number('resultsPerPage', 'Results Per Page')}
            {number('resultsPerInput', 'Results Per Input')}
            {number('pagesDisplayed', 'Pages Displayed')}
          </Section>
          <Section title="Invoice Settings">
            {flag('invoiceResultsPerPage', 'Results Per Page', 'Invoice lists show Results Per Page rows (off: 10)')}
            {number('resultsPerInputInvoices', 'Results Per Input Invoices')}
            {flag('showSuggestedAnalysis', 'Show Suggested Analysis by Default')}
            {flag('showIndividualMargin', 'Show Individual Margin by Default')}
            {flag('showDamagedGoods', 'Show Damaged Goods by Default')}
          </Section>
          <Section title="Customer Settings">
            {number('resultsPerInputCustomers', 'Results Per Input Customer')}
          </Section>
          <Section title="Documents">
            <Select
              label="Paper size"
              description="The invoice PDF and print, statements and resale certificates: portrait, 10 mm margins"
              data={PAPERS}
              allowDeselect={false}
              readOnly={readOnly}
              {...form.getInputProps('paperSize')}
            />
          </Section>
          <Section title="E-mail">
            <TextInput
              label="Sender address"
              description="Invoices are e-mailed from this address; empty: the server's MAIL_FROM"
              placeholder="Acme Wholesale <invoices@example.com>"
              readOnly={readOnly}
              {...form.getInputProps('mailFrom')}
            />
            <TextInput
              label="E-mail subject"
              description="Where the compose step starts; empty restores the default"
              maxLength={EMAIL_BOUNDS.subject}
              readOnly={readOnly}
              {...form.getInputProps('emailSubject')}
            />
            <Textarea
              label="E-mail message"
              autosize
              minRows={5}
              maxRows={12}
              maxLength={EMAIL_BOUNDS.message}
              readOnly={readOnly}
              {...form.getInputProps('emailMessage')}
            />
            <Text fz="xs" c="dimmed" data-testid="email-placeholders">
              Placeholders:{' '}
              {Object.entries(EMAIL_PLACEHOLDERS)
                .map(([name, what]) => `{${name}} ${what}`)
                .join(' · ')}
            </Text>
          </Section>
        </SimpleGrid>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {form.isDirty() && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
