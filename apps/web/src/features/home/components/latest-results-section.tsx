import { Link } from 'react-router-dom';

/**
 * The home page's place for the latest results with their payoffs. The results list (issue 15,
 * item 2) fills it; until a list answers, it points to the races that finished today.
 */
export function LatestResultsSection() {
  return (
    <section className="latest-results" aria-labelledby="latest-results-title">
      <h2 id="latest-results-title">Latest results</h2>
      <p className="status status-empty">
        The races that finished today are listed on <Link to="/current-race-screens">Current Races</Link>.
      </p>
    </section>
  );
}
