import { useNavigate } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { useSession } from '../../../lib/session';

/** The passwordless-login promo page (spec §2.3): what Pass Login is; Maybe Later goes back, or to /login. */
export function PassPromoPage() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Page title="Pass Login">
      <div className="narrow">
        <p>Log in without typing a password: use the phone where you are already logged in to Furlong.</p>
        <ol>
          <li>On the computer, open Login and press Pass Login. A QR code appears, valid for 60 seconds.</li>
          <li>Scan it with your phone (or open its link there) and press Approve.</li>
          <li>The computer is logged in at once. The code then stops working.</li>
        </ol>
        <p>Your account page also shows a code that logs your phone in from your computer.</p>
        <p className="button-row">
          <button
            type="button"
            className="button secondary"
            onClick={() => (session ? navigate(-1) : navigate('/login'))}
          >
            Maybe Later
          </button>
        </p>
      </div>
    </Page>
  );
}
