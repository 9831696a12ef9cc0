import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';

/** A route that exists now and is filled by later work: says so plainly, with a way onward. */
export function ComingSoonPage({ title, area }: { title: string; area: string }) {
  return (
    <Page title={title}>
      <div className="notice">
        <p>
          <strong>Not yet available.</strong> {title} arrives with {area}.
        </p>
        <p>
          Meanwhile, browse the <Link to="/program-card">program card</Link>, the <Link to="/horses">horses</Link> or
          the <Link to="/statistics">racing statistics</Link>.
        </p>
      </div>
    </Page>
  );
}
