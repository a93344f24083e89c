import { buildInvoiceDocument, type DocumentSource, type DocumentSourceLine } from '@wd/contracts';
import { defaultPartners, type EdiIssue, PURPOSE } from './edi-cstore.js';

/** The invoice the EDI tests write (edi-files.test.ts, x12-dictionary.test.ts). */

/** One invoice line as stored (cents). */
export function line(no: number, barcode: string, symbology: string, name: string, quantity: number, price: number) {
  const stored: DocumentSourceLine = {
    id: no,
    productID: 100 + no,
    barcode,
    symbology,
    productName: name,
    quantity,
    unitsPerCase: 12,
    sellingPrice: price,
    suggestedRetailPrice: price + 99,
    damagedGood: quantity < 0,
  };
  return stored;
}

/** Invoice/1042 of biller 2 to customer 7: 30.00 + 8.50 − 1.99 = 36.51 (EAN, UPC-A, vendor code, a return). */
export function sample(overrides: Partial<DocumentSource> = {}, billerID = 2) {
  return buildInvoiceDocument({
    invoice: {
      id: 42,
      invoiceNo: 'Invoice/1042',
      type: 'invoice',
      status: 'DUE',
      consignmentStatus: null,
      date: '2026-11-03',
      billerID,
      notes: '',
      headerDiscount: 0,
      headerAwardPoints: 0,
      showSuggestedAnalysis: 0,
      showIndividualMargin: 0,
      showDamagedGoods: 0,
    },
    biller: {
      id: billerID,
      company: 'Lone Star *Wholesale~',
      name: 'Ana Ruiz',
      addressLines: [],
      phone: '',
      email: '',
      logo: '',
    },
    customer: { id: 7, company: 'Quick Stop #4', name: 'Sam Lee', addressLines: [], phone: '', email: '' },
    lines: [
      line(1, '049000028911', 'upca', 'Cola 12oz, "Classic"', 12, 250),
      line(2, '5012345678900', 'ean13', 'Café > Crème ~ Latte *Cold*', 2, 425),
      line(3, 'AB-77', 'code128', 'Gum\tMint\n(3 pack)', -1, 199),
    ],
    payments: [{ amountPaid: 500, discountRedeemed: 0, awardPointsRedeemed: 0 }],
    ...overrides,
  });
}

/** An issue of the sample as a first file: control number 1042, the partners' padded record ids. */
export function firstIssue(doc: ReturnType<typeof sample>, overrides: Partial<EdiIssue> = {}): EdiIssue {
  return { ...defaultPartners(doc), control: 1042, purpose: PURPOSE.original, ...overrides };
}
