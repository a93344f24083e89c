import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { addressLines, formatDate, type PaperSize } from '@wd/contracts';
import { createElement as h } from 'react';
import { PDF_BOLD, PDF_FONT, pdfPage, renderPdf } from '../../lib/pdf.js';

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

const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 11, fontFamily: PDF_FONT },
  title: { fontSize: 20, ...PDF_BOLD, marginBottom: 4 },
  subtitle: { fontSize: 10, color: '#555', marginBottom: 18 },
  row: { flexDirection: 'row', gap: 24, marginBottom: 16 },
  block: { flexGrow: 1, flexBasis: 0, border: '1pt solid #ccc', padding: 10 },
  label: { fontSize: 9, color: '#666', marginBottom: 4, ...PDF_BOLD },
  strong: { ...PDF_BOLD, fontSize: 12, marginBottom: 2 },
  image: { marginTop: 8, maxHeight: 420, objectFit: 'contain' },
  note: { marginTop: 8, fontSize: 9, color: '#555' },
});

function address(p: CertificateParty): string[] {
  const lines = addressLines({ address: '', city: '', state: '', postalCode: '', country: '', ...p });
  return [p.name, ...lines, p.phone].filter((x): x is string => Boolean(x));
}

function partyBlock(label: string, p: CertificateParty, extra: string[] = []) {
  return h(
    View,
    { style: styles.block },
    h(Text, { style: styles.label }, label),
    h(Text, { style: styles.strong }, p.company),
    ...[...address(p), ...extra].map((line, i) => h(Text, { key: String(i) }, line)),
  );
}

/** The one-page resale certificate PDF on that paper: seller, buyer, date verified and the signed image. */
export async function renderResaleCertificate(data: CertificateData, paperSize: PaperSize = 'A4'): Promise<Buffer> {
  const embeddable = data.image && ['image/jpeg', 'image/png'].includes(data.image.contentType);
  const doc = h(
    Document,
    { title: `Resale Certificate - ${data.buyer.company}`, author: data.seller.company, subject: 'Resale certificate' },
    h(
      Page,
      { size: pdfPage(paperSize).size, style: styles.page },
      h(Text, { style: styles.title }, 'Resale Certificate'),
      h(Text, { style: styles.subtitle }, `Date verified: ${formatDate(data.dateVerified)}`),
      h(
        View,
        { style: styles.row },
        partyBlock('SELLER', data.seller),
        partyBlock('BUYER', data.buyer, [`Tax permit number: ${data.buyer.taxPermitNumber || 'not given'}`]),
      ),
      h(Text, { style: styles.label }, 'SIGNED CERTIFICATE'),
      embeddable
        ? h(Image, {
            style: styles.image,
            src: { data: data.image!.data, format: data.image!.contentType === 'image/png' ? 'png' : 'jpg' },
          })
        : h(
            Text,
            { style: styles.note },
            data.image
              ? `The signed certificate is stored as ${data.image.contentType.replace('image/', '').toUpperCase()}; open it from the customer list to view it.`
              : 'No image stored.',
          ),
    ),
  );
  return renderPdf(doc);
}
