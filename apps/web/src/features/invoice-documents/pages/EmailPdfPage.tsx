import { useNavigate } from 'react-router';
import { useIdParam } from '../../../lib/route-params';
import { ComposeEmailModal } from '../components/ComposeEmailModal';

/** /invoices/emailPDF/{id}: the compose step of the invoice's PDF e-mail; closed or sent, back one page. */
export default function EmailPdfPage() {
  const id = useIdParam() ?? 0;
  const navigate = useNavigate();
  // Back one page; opened in a tab of its own, to the list.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/invoices', { replace: true }));
  return <ComposeEmailModal target={{ id, kind: 'pdf' }} onClose={back} />;
}
