import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('MessagePage', () => {
  it.each([
    ['/contact-us', 'Contact Us', 'contact', 'Send message'],
    ['/submit-program', 'Submit a Program', 'program', 'Submit program'],
    ['/submit-race', 'Submit a Race', 'race', 'Submit race'],
    ['/submit-bug', 'Report a Bug', 'bug', 'Send report'],
    ['/submit-feedback', 'Feedback', 'feedback', 'Send feedback'],
  ])('should send %s as a %s message and confirm it', async (path, title, kind, button) => {
    let sent: unknown;
    mockApi({
      '/api/messages': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json(201, {
          id: 5,
          kind,
          received_at: new Date().toISOString(),
          message: 'Thank you: it is on its way. A confirmation is coming to bea@furlong.test.',
        });
      },
    });
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: title });
    type(form, 'Your name', 'Bea Lowe');
    type(form, 'E-mail', 'bea@furlong.test');
    fireEvent.change(within(form).getAllByRole('textbox')[2] as HTMLElement, { target: { value: 'About the tote' } });
    fireEvent.change(within(form).getAllByRole('textbox')[3] as HTMLElement, {
      target: { value: 'How often is the tote refreshed?' },
    });
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(/A confirmation is coming to bea@furlong.test\./)).toHaveTextContent(
      'Sent. Thank you: it is on its way.',
    );
    expect(sent).toEqual({
      kind,
      name: 'Bea Lowe',
      email: 'bea@furlong.test',
      subject: 'About the tote',
      message: 'How often is the tote refreshed?',
    });
    expect(within(form).getByLabelText('Your name')).toHaveValue('');
  });

  it('should name each wrong field and send nothing', async () => {
    const { calls } = mockApi({});
    renderRoute('/submit-bug');
    const form = await screen.findByRole('form', { name: 'Report a Bug' });
    type(form, 'E-mail', 'not an address');
    type(form, 'What happened', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail must be an e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Summary is required')).toBeInTheDocument();
    expect(screen.getByText('What happened must be at least 10 characters')).toBeInTheDocument();
    expect(within(form).getByLabelText('What happened')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((u) => u.pathname === '/api/messages')).toHaveLength(0);
  });

  it('should say when the sender is over the hourly limit', async () => {
    mockApi({
      '/api/messages': () =>
        json(429, { statusCode: 429, message: 'Too many forms from this e-mail address (at most 5 an hour).' }),
    });
    renderRoute('/contact-us');
    const form = await screen.findByRole('form', { name: 'Contact Us' });
    type(form, 'Your name', 'Bea');
    type(form, 'E-mail', 'bea@furlong.test');
    type(form, 'Subject', 'Hello');
    type(form, 'Message', 'A question about the tote.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many forms from this e-mail address');
  });
});
