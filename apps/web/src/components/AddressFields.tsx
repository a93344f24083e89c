import { Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export const EMPTY_ADDRESS = {
  company: '',
  name: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  phone: '',
  email: '',
};
export type AddressValues = typeof EMPTY_ADDRESS;

/** Company, contact, address, phone and e-mail: the fields billers and customers share. */
export function AddressFields<V extends AddressValues>({
  form,
  readOnly,
}: {
  form: UseFormReturnType<V>;
  readOnly: boolean;
}) {
  const input = (path: keyof AddressValues) => form.getInputProps(path as never);
  return (
    <>
      <TextInput label="Company" readOnly={readOnly} withAsterisk={!readOnly} {...input('company')} />
      <TextInput label="Contact name" readOnly={readOnly} {...input('name')} />
      <TextInput label="Address" readOnly={readOnly} {...input('address')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput label="City" readOnly={readOnly} {...input('city')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label="State" readOnly={readOnly} {...input('state')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput label="Postal code" readOnly={readOnly} {...input('postalCode')} />
        </Grid.Col>
      </Grid>
      <TextInput label="Country" readOnly={readOnly} {...input('country')} />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Phone" type="tel" readOnly={readOnly} {...input('phone')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Email" type="email" readOnly={readOnly} {...input('email')} />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** The shared fields trimmed for the API. */
export function addressInput(v: AddressValues): AddressValues {
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x ?? '').trim()])) as AddressValues;
}
