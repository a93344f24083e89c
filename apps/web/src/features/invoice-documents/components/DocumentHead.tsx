import { CONSIGNMENT_BANNER_TEXT, type DocumentHead as Head, type InvoiceDocument } from '@wd/contracts';
import banner from '../../../assets/consignment-banner.svg';

/**
 * What heads a printout (the biller 1 rules of the document model): the
 * biller's logo, company, address and phone; the fixed consignment banner in
 * their place; or nothing.
 */
export function DocumentHead({ doc, head, className }: { doc: InvoiceDocument; head: Head; className?: string }) {
  if (head === 'none') return null;
  if (head === 'consignmentBanner') {
    return (
      <div className={className} data-testid="document-head">
        <img src={banner} alt={CONSIGNMENT_BANNER_TEXT} style={{ width: '100%', maxWidth: '90mm', display: 'block' }} />
      </div>
    );
  }
  const { biller } = doc;
  return (
    <div className={className} data-testid="document-head">
      {biller.logo && (
        <img src={biller.logo} alt={`${biller.company} logo`} style={{ maxHeight: '18mm', maxWidth: '60mm' }} />
      )}
      <div style={{ fontWeight: 700 }}>{biller.company}</div>
      {biller.addressLines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      {biller.phone && <div>{biller.phone}</div>}
    </div>
  );
}

/** "To:" the customer (company, contact, address and phone) or the walk-in customer. */
export function DocumentTo({ doc, className }: { doc: InvoiceDocument; className?: string }) {
  const c = doc.customer;
  return (
    <div className={className} data-testid="document-to">
      <div style={{ fontWeight: 700 }}>To:</div>
      <div style={{ fontWeight: 700 }}>{doc.customerName}</div>
      {c?.name && c.name !== doc.customerName && <div>{c.name}</div>}
      {c?.addressLines.map((line) => (
        <div key={line}>{line}</div>
      ))}
      {c?.phone && <div>{c.phone}</div>}
    </div>
  );
}
