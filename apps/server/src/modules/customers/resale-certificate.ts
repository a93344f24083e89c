import { addressLines, formatDate, type PaperSize } from '@wd/contracts';
import { fitImage, lineHeight, PdfCanvas } from '../../lib/pdf-canvas.js';
export interface CertificateParty {
  company: string;
  name?: string;
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
}

export interface CertificateData {
  seller: CertificateParty;
  buyer: CertificateParty & { taxPermitNumber: string };
  dateVerified: string;
  image?: { data: Buffer; contentType: string };
}

/** The page's margin: wider than the documents' 10 mm, a certificate has no foot. */
const MARGIN = 40;
const BLOCK = { gap: 24, padding: 10, border: 1, color: '#cccccc' };
const LABEL = { size: 9, bold: true, color: '#666666' };

function address(p: CertificateParty): string[] {
  const lines = addressLines({ address: '', city: '', state: '', postalCode: '', country: '', ...p });
  return [p.name, ...lines, p.phone].filter((x): x is string => Boolean(x));
}

/** The one-page resale certificate PDF on that paper: seller, buyer, date verified and the signed image. */
export async function renderResaleCertificate(data: CertificateData, paperSize: PaperSize = 'A4'): Promise<Buffer> {
  const c = new PdfCanvas(
    paperSize,
    {
      title: `Resale Certificate - ${data.buyer.company}`,
      author: data.seller.company,
      subject: 'Resale certificate',
      // The date verified when there is one: the same certificate, the same bytes.
      creationDate: /^\d{4}-\d{2}-\d{2}/.test(data.dateVerified)
        ? new Date(`${data.dateVerified.slice(0, 10)}T12:00:00Z`)
        : new Date(),
    },
    MARGIN,
  );
  c.y += c.stack(c.left, c.y, c.width, [
    { text: 'Resale Certificate', size: 20, bold: true, gap: 4 },
    { text: `Date verified: ${formatDate(data.dateVerified)}`, size: 10, color: '#555555', gap: 18 },
  ]);
  // The seller and the buyer side by side, in boxes of one height.
  const width = (c.width - BLOCK.gap) / 2;
  const inner = width - 2 * (BLOCK.padding + BLOCK.border);
  const parties = [
    { label: 'SELLER', party: data.seller, extra: [] as string[] },
    {
      label: 'BUYER',
      party: data.buyer,
      extra: [`Tax permit number: ${data.buyer.taxPermitNumber || 'not given'}`],
    },
  ];
  const top = c.y + BLOCK.border + BLOCK.padding;
  const heights = parties.map(({ label, party, extra }, i) =>
    c.stack(c.left + i * (width + BLOCK.gap) + BLOCK.border + BLOCK.padding, top, inner, [
      { ...LABEL, text: label, gap: 4 },
      { text: party.company, size: 12, bold: true, gap: 2 },
      ...[...address(party), ...extra].map((line) => ({ text: line, size: 11, gap: 0 })),
    ]),
  );
  const height = Math.max(...heights) + 2 * (BLOCK.border + BLOCK.padding);
  for (const i of [0, 1]) c.frame(c.left + i * (width + BLOCK.gap), c.y, width, height, BLOCK.border, BLOCK.color);
  c.y += height + 16;
  const embeddable = data.image && ['image/jpeg', 'image/png'].includes(data.image.contentType);
  // The label with its image (at least 200 points of it) or its note: on the next page when the parties' boxes leave too little.
  c.ensure(lineHeight(LABEL.size) + 12 + (embeddable ? 200 : 40));
  c.y += c.text('SIGNED CERTIFICATE', c.left, c.y, c.width, LABEL) + 4 + 8;
  if (data.image && embeddable) {
    const image = c.openImage(data.image.data);
    c.image(image, c.left, c.y, fitImage(image, c.width, Math.min(420, c.bottom - c.y)));
  } else {
    const note = data.image
      ? `The signed certificate is stored as ${data.image.contentType.replace('image/', '').toUpperCase()}; open it from the customer list to view it.`
      : 'No image stored.';
    c.text(note, c.left, c.y, c.width, { size: 9, color: '#555555' });
  }
  return c.finish(null);
}
