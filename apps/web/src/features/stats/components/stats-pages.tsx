/**
 * The statistics pages, computed from the race results. The router lazy-loads this one module and
 * picks each page by name.
 */
import { ConnectionStats, ConnectionStyle } from './connection-figures';
import { ConnectionHistory } from './connection-history';
import { ConnectionPage } from './connection-page';

export { TrackConditionsPage, TrackTypePage } from './going-pages';
export { LeadersPage } from './leaders-page';
export { StatisticsPage } from './statistics-page';

export function JockeyHistoryPage() {
  return (
    <ConnectionPage kind="jockeys" view="history">
      {(stats) => <ConnectionHistory stats={stats} />}
    </ConnectionPage>
  );
}

export function JockeyStatsPage() {
  return (
    <ConnectionPage kind="jockeys" view="stats">
      {(stats) => <ConnectionStats kind="jockeys" stats={stats} />}
    </ConnectionPage>
  );
}

export function JockeyStylePage() {
  return (
    <ConnectionPage kind="jockeys" view="style">
      {(stats) => <ConnectionStyle stats={stats} />}
    </ConnectionPage>
  );
}

export function TrainerHistoryPage() {
  return (
    <ConnectionPage kind="trainers" view="history">
      {(stats) => <ConnectionHistory stats={stats} />}
    </ConnectionPage>
  );
}

export function TrainerStatsPage() {
  return (
    <ConnectionPage kind="trainers" view="stats">
      {(stats) => <ConnectionStats kind="trainers" stats={stats} />}
    </ConnectionPage>
  );
}

export function TrainerStylePage() {
  return (
    <ConnectionPage kind="trainers" view="style">
      {(stats) => <ConnectionStyle stats={stats} />}
    </ConnectionPage>
  );
}
