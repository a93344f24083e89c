import { MantineThemeProvider } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useIdParam } from '../../../lib/route-params';
import { ComposeEmailModal } from '../components/ComposeEmailModal';

/**
 * The dialog's title bar as a plain block: Mantine draws it as a <header>, which outside the
 * page's <main> counts as a second banner beside the office's top bar (axe: one banner a page).
 */
const DIALOG_HEADER = { components: { ModalHeader: { defaultProps: { component: 'div' } } } };

/** /invoices/emailPDF/{id}: the compose step of the invoice's PDF e-mail; closed or sent, back one page. */
export default function EmailPdfPage() {
  const id = useIdParam() ?? 0;
  const navigate = useNavigate();
  // Back one page; opened in a tab of its own, to the list.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/invoices', { replace: true }));
  return (
    <MantineThemeProvider theme={DIALOG_HEADER}>
      <ComposeEmailModal target={{ id, kind: 'pdf' }} onClose={back} />
    </MantineThemeProvider>
  );
}
