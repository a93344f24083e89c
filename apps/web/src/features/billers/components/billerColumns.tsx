import { BILLER_COLUMNS, type Biller, pickColumns } from '@wd/contracts';
import { specColumns } from '../../../components/spec-columns';

/** The biller table's columns, shared by the list and recover screens. */
export const billerColumns = specColumns<Biller>(
  pickColumns(BILLER_COLUMNS, ['id', 'company', 'name', 'city', 'phone', 'email']),
  // The company names the biller: it is the link to the biller's page (where the list has one).
  { with: { company: { rowLink: true } } },
);
