import { type FormReceipt, type MessageKind, messageBodySchema } from '@furlong/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useSendMessage } from '../api/send-message';
import { describedBy, FormField, type Problems, problemsOf } from './form-field';
import './forms.css';

interface KindText {
  title: string;
  intro: string;
  subject: string;
  message: string;
  button: string;
}

const KINDS: Record<MessageKind, KindText> = {
  contact: {
    title: 'Contact Us',
    intro: 'A question about Furlong, your account or a race? Write to us; we answer within two working days.',
    subject: 'Subject',
    message: 'Message',
    button: 'Send message',
  },
  program: {
    title: 'Submit a Program',
    intro: 'Propose a racing program: the track, the days, how many races and what kind. We read every proposal.',
    subject: 'Program name',
    message: 'The program',
    button: 'Submit program',
  },
  race: {
    title: 'Submit a Race',
    intro: 'Propose a race for the card: its distance, surface, conditions and purse.',
    subject: 'Race name',
    message: 'The race',
    button: 'Submit race',
  },
  bug: {
    title: 'Report a Bug',
    intro: 'Something wrong? Tell us what you did, what you expected and what happened instead.',
    subject: 'Summary',
    message: 'What happened',
    button: 'Send report',
  },
  feedback: {
    title: 'Feedback',
    intro: 'What do you like, and what would you change? Your feedback goes to the whole team.',
    subject: 'Topic',
    message: 'Your feedback',
    button: 'Send feedback',
  },
};

type Field = 'name' | 'email' | 'subject' | 'message';
const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

/**
 * /contact-us and the four /submit-* pages: one form whose kind the route gives. Checked field by
 * field against the contract's schema, sent as JSON; the server stores it and mails it from the
 * outbox with a confirmation to the sender.
 */
export function MessagePage({ kind }: { kind: MessageKind }) {
  const text = KINDS[kind];
  const ids = useId();
  const send = useSendMessage();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [receipt, setReceipt] = useState<FormReceipt | null>(null);
  const labels: Record<Field, string> = {
    name: 'Your name',
    email: 'E-mail',
    subject: text.subject,
    message: text.message,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setReceipt(null);
    send.reset();
    const body = { kind, ...values };
    const parsed = messageBodySchema.safeParse(body);
    if (!parsed.success) {
      setProblems(
        problemsOf(
          parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? 'form'), reason: i.message })),
          labels,
        ),
      );
      return;
    }
    setProblems({});
    send.mutate(body, {
      onSuccess: (r) => {
        setReceipt(r);
        setValues(EMPTY);
      },
      onError: (error) => setProblems(problemsOf(error instanceof ApiError ? error.fields : [], labels)),
    });
  };

  const control = (field: Field, extra: Record<string, unknown> = {}) => ({
    id: `${ids}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      setProblems((p) => ({ ...p, [field]: undefined }));
    },
    ...describedBy(`${ids}-${field}`, problems[field]),
    ...extra,
  });
  const serverError = send.error instanceof ApiError && send.error.fields.length > 0 ? null : send.error;

  return (
    <Page title={text.title}>
      <p className="forms-intro">{text.intro}</p>
      {receipt ? (
        <div className="notice forms-confirmation" role="status">
          <strong>Sent.</strong> {receipt.message}
        </div>
      ) : null}
      <form className="form forms-form forms-narrow" aria-label={text.title} noValidate onSubmit={submit}>
        <div className="forms-pair">
          <FormField id={`${ids}-name`} label={labels.name} problem={problems.name}>
            <input {...control('name', { autoComplete: 'name', maxLength: 80 })} />
          </FormField>
          <FormField id={`${ids}-email`} label={labels.email} problem={problems.email}>
            <input {...control('email', { type: 'email', autoComplete: 'email' })} />
          </FormField>
        </div>
        <FormField id={`${ids}-subject`} label={labels.subject} problem={problems.subject}>
          <input {...control('subject', { maxLength: 120 })} />
        </FormField>
        <FormField
          id={`${ids}-message`}
          label={labels.message}
          problem={problems.message}
          hint="10 to 5,000 characters"
        >
          <textarea {...control('message', { rows: 6, maxLength: 5000 })} />
        </FormField>
        {serverError ? <ErrorMessage error={serverError} /> : null}
        <div className="button-row">
          <button type="submit" className="button" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : text.button}
          </button>
          {kind === 'contact' ? (
            <Link to="/insurance-quote">Insurance quote</Link>
          ) : (
            <Link to="/contact-us">Contact us</Link>
          )}
        </div>
      </form>
    </Page>
  );
}

export const ContactUsPage = () => <MessagePage kind="contact" />;
export const SubmitProgramPage = () => <MessagePage kind="program" />;
export const SubmitRacePage = () => <MessagePage kind="race" />;
export const SubmitBugPage = () => <MessagePage kind="bug" />;
export const SubmitFeedbackPage = () => <MessagePage kind="feedback" />;
