import type { DocumentProof } from '@wd/contracts';

/**
 * The proof of delivery of an invoice made on a driver's device, as the printouts and the
 * invoice's page show it: who received the goods, when, where (when the phone gave it), and the
 * signature.
 */
export function ProofOfDelivery({ proof, className }: { proof: DocumentProof; className?: string }) {
  return (
    <div className={className} data-testid="document-proof">
      <b>Received by {proof.receivedBy}</b>
      <div>
        {new Date(proof.signedAt).toLocaleString('en-US')}
        {proof.latitude !== null && proof.longitude !== null
          ? ` · ${proof.latitude.toFixed(5)}, ${proof.longitude.toFixed(5)}`
          : ''}
      </div>
      <img
        src={proof.signature}
        alt={`Signature of ${proof.receivedBy}`}
        style={{ display: 'block', width: '100%', maxWidth: '70mm', maxHeight: '20mm', objectFit: 'contain' }}
      />
    </div>
  );
}
