import {
  CSRF_FORM_FIELD,
  type FormReceipt,
  INSURANCE_QUOTE_LIMITS,
  type InsuranceQuoteRequestBody,
  insuranceQuoteBodySchema,
  insuranceQuoteFromForm,
  US_STATES,
} from '@furlong/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError, csrfToken } from '../../../lib/api-client';
import { useSendInsuranceQuote } from '../api/send-insurance-quote';
import { CheckField, describedBy, FormField, type Problems, problemsOf } from './form-field';
import './forms.css';

const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'E-mail',
  name1dob: 'Date of birth',
  street: 'Street',
  space: 'Space or lot number',
  city: 'City',
  state: 'State',
  propertyZip: 'ZIP code',
  homeYear: 'Year built',
  length: 'Length (ft)',
  width: 'Width (ft)',
  inPark: 'In a manufactured-home park',
  privateLand: 'On private land',
  purchasePrice: 'Purchase price ($)',
  garageAttached: 'Attached garage or carport',
  garageDetached: 'Detached garage',
  garageCashValue: 'Garage cash value ($)',
  ownerOccupied: 'Owner-occupied',
  vacantOrSpec: 'Vacant or built on speculation',
  rental: 'Rented out',
  seasonal: 'Seasonal home',
  courseOfConstruction: 'Still being built or set up',
  effectiveDate: 'Cover starts',
  earthquakeCoverage: 'Earthquake cover',
  floodCoverage: 'Flood cover',
  additionalCoverage: 'Additional cover',
  claims: 'Claims in the last five years',
};

const L = INSURANCE_QUOTE_LIMITS;

/** The form's fields as a browser would post them: named controls, a checkbox only when ticked. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      )
    )
      continue;
    if (!element.name || (element instanceof HTMLInputElement && element.type === 'checkbox' && !element.checked))
      continue;
    fields[element.name] = element instanceof HTMLInputElement && element.type === 'checkbox' ? 'on' : element.value;
  }
  return fields;
}

/** The `problems` a refused plain form post was sent back with ([{ field, reason }] as JSON); none if garbled. */
function problemsInAddress(text: string | null): { field: string; reason: string }[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter(
          (p): p is { field: string; reason: string } =>
            typeof p === 'object' && p !== null && typeof p.field === 'string' && typeof p.reason === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The manufactured-home insurance quote (spec §3). A real HTML form: posted as it is (urlencoded,
 * with the CSRF token in its hidden field) it works without script, and the server redirects back
 * here with ?sent={id} (or, refused, with each field's problem or the refusal); with script it is checked field by field against the contract's schema and
 * sent as JSON. Either way the request is stored and mailed from the outbox with a confirmation.
 */
export function InsuranceQuotePage() {
  const ids = useId();
  const [params] = useSearchParams();
  const send = useSendInsuranceQuote();
  const formRef = useRef<HTMLFormElement>(null);
  // A plain form post the server refused comes back here with each field's problem, or the refusal.
  const [problems, setProblems] = useState<Problems>(() =>
    problemsOf(problemsInAddress(params.get('problems')), LABELS),
  );
  const refusal = params.get('error');
  const [receipt, setReceipt] = useState<FormReceipt | null>(null);
  const [csrf, setCsrf] = useState(csrfToken);
  const sentId = params.get('sent');

  const id = (field: string) => `${ids}-${field}`;
  const text = (field: string, extra: Record<string, unknown> = {}) => (
    <input id={id(field)} name={field} {...describedBy(id(field), problems[field])} {...extra} />
  );
  const field = (name: string, control: React.ReactNode, options: { optional?: boolean; hint?: string } = {}) => (
    <FormField id={id(name)} label={LABELS[name] ?? name} problem={problems[name]} {...options}>
      {control}
    </FormField>
  );
  const check = (name: string) => (
    <CheckField id={id(name)} name={name} label={LABELS[name] ?? name} problem={problems[name]} />
  );

  const focusFirst = (found: Problems) => {
    const first = Object.keys(LABELS).find((f) => found[f]);
    if (first) document.getElementById(id(first))?.focus();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setReceipt(null);
    send.reset();
    const body = insuranceQuoteFromForm(fieldsOf(e.currentTarget));
    const parsed = insuranceQuoteBodySchema.safeParse(body);
    if (!parsed.success) {
      const found = problemsOf(
        parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'form'), reason: i.message })),
        LABELS,
      );
      setProblems(found);
      focusFirst(found);
      return;
    }
    setProblems({});
    send.mutate(body as InsuranceQuoteRequestBody, {
      onSuccess: (r) => {
        setReceipt(r);
        formRef.current?.reset();
      },
      onError: (error) => {
        const found = problemsOf(error instanceof ApiError ? error.fields : [], LABELS);
        setProblems(found);
        focusFirst(found);
      },
    });
  };

  const today = new Date().toISOString().slice(0, 10);
  const confirmation = receipt?.message ?? (sentId ? `Thank you: your quote request #${sentId} is on its way.` : null);
  const serverError = send.error instanceof ApiError && send.error.fields.length > 0 ? null : send.error;

  return (
    <Page title="Insurance Quote">
      <p className="forms-intro">
        A quote for insuring a manufactured or mobile home. Tell us about you, the home and the cover you want; we write
        back within two working days, and a confirmation comes to your e-mail at once.
      </p>
      {refusal && !confirmation ? <ErrorMessage text={`Not sent: ${refusal}`} /> : null}
      {confirmation ? (
        <div className="notice forms-confirmation" role="status">
          <strong>Request sent.</strong> {confirmation}
        </div>
      ) : null}
      <form
        ref={formRef}
        className="form forms-form"
        method="post"
        action="/api/send-email"
        aria-label="Insurance quote request"
        noValidate
        onSubmit={submit}
        // The token may arrive after the first render (the session check sets the cookie).
        onInput={() => setCsrf(csrfToken())}
      >
        <input type="hidden" name={CSRF_FORM_FIELD} value={csrf} />
        <fieldset>
          <legend>About you</legend>
          <div className="forms-pair">
            {field('firstName', text('firstName', { autoComplete: 'given-name', required: true, maxLength: 60 }))}
            {field('lastName', text('lastName', { autoComplete: 'family-name', required: true, maxLength: 60 }))}
          </div>
          <div className="forms-pair">
            {field('phone', text('phone', { type: 'tel', autoComplete: 'tel', required: true }))}
            {field('email', text('email', { type: 'email', autoComplete: 'email', required: true }))}
          </div>
          {field('name1dob', text('name1dob', { type: 'date', required: true, max: today }), {
            hint: 'of the first named insured',
          })}
        </fieldset>

        <fieldset>
          <legend>The home</legend>
          <div className="forms-pair">
            {field('street', text('street', { autoComplete: 'address-line1', required: true, maxLength: 120 }))}
            {field('space', text('space', { maxLength: 20 }), { optional: true, hint: 'needed for a home in a park' })}
          </div>
          <div className="forms-trio">
            {field('city', text('city', { autoComplete: 'address-level2', required: true, maxLength: 80 }))}
            {field(
              'state',
              <select
                id={id('state')}
                name="state"
                required
                defaultValue=""
                {...describedBy(id('state'), problems.state)}
              >
                <option value="">Choose…</option>
                {US_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>,
            )}
            {field(
              'propertyZip',
              text('propertyZip', { autoComplete: 'postal-code', inputMode: 'numeric', required: true }),
            )}
          </div>
          <div className="forms-trio">
            {field(
              'homeYear',
              text('homeYear', { type: 'number', inputMode: 'numeric', min: L.homeYearMin, required: true }),
            )}
            {field(
              'length',
              text('length', { type: 'number', min: L.lengthFtMin, max: L.lengthFtMax, required: true }),
            )}
            {field('width', text('width', { type: 'number', min: L.widthFtMin, max: L.widthFtMax, required: true }))}
          </div>
          <div className="forms-checks">
            {check('inPark')}
            {check('privateLand')}
          </div>
          {field(
            'purchasePrice',
            text('purchasePrice', { type: 'number', inputMode: 'numeric', min: 0, required: true }),
            {
              hint: 'whole dollars',
            },
          )}
        </fieldset>

        <fieldset>
          <legend>Garage</legend>
          <div className="forms-checks">
            {check('garageAttached')}
            {check('garageDetached')}
          </div>
          {field('garageCashValue', text('garageCashValue', { type: 'number', inputMode: 'numeric', min: 0 }), {
            optional: true,
            hint: 'needed when there is a garage',
          })}
        </fieldset>

        <fieldset>
          <legend>How the home is used</legend>
          <div className="forms-checks">
            {check('ownerOccupied')}
            {check('vacantOrSpec')}
            {check('rental')}
            {check('seasonal')}
            {check('courseOfConstruction')}
          </div>
        </fieldset>

        <fieldset>
          <legend>Cover</legend>
          {field('effectiveDate', text('effectiveDate', { type: 'date', required: true, min: today }))}
          <div className="forms-checks">
            {check('earthquakeCoverage')}
            {check('floodCoverage')}
          </div>
          {field(
            'additionalCoverage',
            <textarea id={id('additionalCoverage')} name="additionalCoverage" rows={2} maxLength={1000} />,
            { optional: true },
          )}
          {field('claims', <textarea id={id('claims')} name="claims" rows={2} maxLength={1000} />, { optional: true })}
        </fieldset>

        {serverError ? <ErrorMessage error={serverError} /> : null}
        {Object.keys(problems).length > 0 ? (
          <p className="status status-error" role="alert">
            Please correct the {Object.keys(problems).length === 1 ? 'field' : 'fields'} marked above.
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Request a quote'}
          </button>
          <Link to="/contact-us">Questions? Contact us</Link>
        </div>
      </form>
    </Page>
  );
}
