import { AUTH_MESSAGES, type MeResponse, type UpdateMeRequest } from '@furlong/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatCents, formatTimeOfDay } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useLedger } from '../api/ledger';
import { useLoginLink } from '../api/login-link';
import { useUpdateMe } from '../api/update-me';

/** Spec §9: the account page shows 10 fields by default, starting after the first 6. */
export const HIDDEN_FIELDS = 6;
export const DEFAULT_FIELD_COUNT = 10;
const QR_SIZE = 128;

type Editable = 'username' | 'email' | 'full_name';
interface Field {
  key: string;
  label: string;
  value: string;
  editable?: Editable;
}

const dateTime = (iso: string) => formatTimeOfDay(iso, { date: true });

/** Every field of the account, in order; the first six (ids and session internals) stay hidden. */
export function accountFields(me: MeResponse): Field[] {
  return [
    { key: 'id', label: 'Id', value: String(me.id) },
    { key: 'uuid', label: 'UUID', value: me.uuid },
    { key: 'role', label: 'Role', value: me.role },
    { key: 'created_at', label: 'Created at', value: me.created_at },
    { key: 'login_date', label: 'Session started', value: me.session.login_date },
    { key: 'last_seen_at', label: 'Session last used', value: me.session.last_seen_at },
    { key: 'username', label: 'Username', value: me.username, editable: 'username' },
    { key: 'email', label: 'Email', value: me.email, editable: 'email' },
    { key: 'full_name', label: 'Full name', value: me.full_name ?? '', editable: 'full_name' },
    { key: 'balance', label: 'Balance', value: formatCents(me.balance_cents) },
    { key: 'member_since', label: 'Member since', value: new Date(me.created_at).toLocaleDateString() },
    { key: 'logged_in_at', label: 'Logged in at', value: dateTime(me.session.login_date) },
    { key: 'session_ends', label: 'Logged out if idle at', value: dateTime(me.session.expires_at) },
    { key: 'account_type', label: 'Account type', value: me.role === 'admin' ? 'Administrator' : 'Member' },
  ];
}

/** The account page (spec §2.3): QR code, Account Info with Edit/Update/Cancel, wallet, Betting History. */
export function ProfilePage() {
  const session = useSession();
  if (!session) {
    return (
      <Page title="Profile">
        <p className="status status-error">{AUTH_MESSAGES.profileLoggedOut}</p>
      </Page>
    );
  }
  return (
    <Page
      title="Profile"
      actions={
        <Link className="button" to={`/user-bets?id=${session.id}`}>
          Betting History
        </Link>
      }
    >
      <div className="profile-grid">
        <AccountInfo me={session} />
        <div>
          <PhoneLogin />
          <Wallet balance={session.balance_cents} />
        </div>
      </div>
    </Page>
  );
}

function AccountInfo({ me }: { me: MeResponse }) {
  const fields = accountFields(me);
  const visibleMax = fields.length - HIDDEN_FIELDS;
  const [count, setCount] = useState(Math.min(DEFAULT_FIELD_COUNT, visibleMax));
  const [editing, setEditing] = useState(false);
  const original = { username: me.username, email: me.email, full_name: me.full_name ?? '' };
  const [draft, setDraft] = useState(original);
  const [currentPassword, setCurrentPassword] = useState('');
  const update = useUpdateMe();
  const problems = update.error instanceof ApiError ? update.error.fields : [];
  const problemOf = (field: string) => problems.find((p) => p.field === field)?.reason;

  const cancel = () => {
    setDraft(original);
    setCurrentPassword('');
    update.reset();
    setEditing(false);
  };
  const save = () => {
    const body: UpdateMeRequest = {};
    if (draft.username !== original.username) body.username = draft.username;
    if (draft.email !== original.email) {
      body.email = draft.email;
      body.current_password = currentPassword;
    }
    if (draft.full_name !== original.full_name) body.full_name = draft.full_name === '' ? null : draft.full_name;
    if (Object.keys(body).length === 0) {
      setEditing(false);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        setCurrentPassword('');
        setEditing(false);
      },
    });
  };

  return (
    <section className="account-info" aria-labelledby="account-info-title">
      <h2 id="account-info-title">Account Info</h2>
      <label className="inline">
        Fields shown{' '}
        <input
          type="number"
          min={1}
          max={visibleMax}
          value={count}
          onChange={(e) => setCount(Math.min(visibleMax, Math.max(1, Number(e.target.value) || 1)))}
        />
      </label>
      <dl className="sheet">
        {fields.slice(HIDDEN_FIELDS, HIDDEN_FIELDS + count).map((f) => {
          const problem = f.editable ? problemOf(f.editable) : undefined;
          return (
            <div key={f.key} className="sheet-field">
              <dt>
                <label htmlFor={`account-${f.key}`}>{f.label}</label>
              </dt>
              <dd>
                {editing && f.editable ? (
                  <input
                    id={`account-${f.key}`}
                    value={draft[f.editable]}
                    type={f.editable === 'email' ? 'email' : 'text'}
                    aria-invalid={problem ? true : undefined}
                    onChange={(e) => setDraft({ ...draft, [f.editable as Editable]: e.target.value })}
                  />
                ) : (
                  <input id={`account-${f.key}`} value={f.value} readOnly />
                )}
                {problem ? <span className="field-error">{`${f.label} ${problem}`}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
      {editing && draft.email !== original.email ? (
        <p className="form">
          <label htmlFor="account-current-password">Current password (needed to change the email)</label>
          <input
            id="account-current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          {problemOf('current_password') ? (
            <span className="field-error">{`Current password ${problemOf('current_password')}`}</span>
          ) : null}
        </p>
      ) : null}
      <p className="button-row">
        {editing ? (
          <>
            <button type="button" className="button" onClick={save} disabled={update.isPending}>
              Update
            </button>
            <button type="button" className="button secondary" onClick={cancel}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(original);
              setEditing(true);
            }}
          >
            Edit
          </button>
        )}
      </p>
      {update.isError && problems.length === 0 ? <ErrorMessage error={update.error} /> : null}
      {update.isSuccess && !editing ? (
        <p className="status" role="status">
          Your account is updated.
        </p>
      ) : null}
    </section>
  );
}

/** A QR code (128 px) that logs a phone into this account: a one-time signed link, valid 60 s, made on request. */
function PhoneLogin() {
  const link = useLoginLink();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!link.data) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [link.data]);
  const secondsLeft = link.data ? Math.ceil((Date.parse(link.data.expires_at) - now) / 1000) : 0;
  const url = link.data ? `${window.location.origin}${link.data.path}` : '';

  return (
    <section className="phone-login" aria-labelledby="phone-login-title">
      <h2 id="phone-login-title">Log in on your phone</h2>
      {link.data && secondsLeft > 0 ? (
        <>
          <QRCodeSVG value={url} size={QR_SIZE} title="Phone login code" />
          <p className="hint">Scan with your phone within {secondsLeft} s. The code works once; keep it to yourself.</p>
        </>
      ) : (
        <>
          <p className="hint">Shows a QR code that logs your phone into this account without a password.</p>
          <button type="button" className="button secondary" onClick={() => link.mutate()} disabled={link.isPending}>
            {link.data ? 'Show a new code' : 'Show login code'}
          </button>
        </>
      )}
      {link.isError ? <ErrorMessage error={link.error} /> : null}
    </section>
  );
}

function Wallet({ balance }: { balance: number }) {
  const ledger = useLedger(10, 0);
  return (
    <section className="wallet-panel" aria-labelledby="wallet-title">
      <h2 id="wallet-title">Wallet</h2>
      <p>
        Balance <strong>{formatCents(balance)}</strong> <span className="hint">(play money)</span>
      </p>
      {ledger.isPending ? <Loading /> : null}
      {ledger.isError ? <ErrorMessage error={ledger.error} /> : null}
      {ledger.data && ledger.data.items.length === 0 ? <EmptyState>No movements yet.</EmptyState> : null}
      {ledger.data && ledger.data.items.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Latest movements</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col">With</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.items.map((e) => (
                <tr key={e.id}>
                  <td>{formatTimeOfDay(e.created_at, { date: true })}</td>
                  <td title={e.reference ?? undefined}>{e.description}</td>
                  <td>{e.counterparty}</td>
                  <td className="num">{formatCents(e.amount_cents)}</td>
                  <td className="num">{formatCents(e.balance_after_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
