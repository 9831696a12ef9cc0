import { ODDS_FORMATS, type OddsFormat, SETTINGS_LIMITS, type UserSettings } from '@furlong/contracts';
import { showOdds } from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatTimeOfDay } from '../../../lib/format';
import { type SettingsState, useSaveSettings, useSettingsState } from '../../../lib/settings';

const ODDS_LABELS: Record<OddsFormat, string> = {
  fractional: `Fractional (${showOdds(2.5, 'fractional')})`,
  decimal: `Decimal (${showOdds(2.5, 'decimal')})`,
};

/** The zones this browser knows, for the select (Intl lists them; an old browser: a few). */
function timeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London'];
  }
}

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * /user-settings and /account-settings: time zone, odds format, default bet amount and the two
 * notices. A logged-in user's settings are saved on the server; a visitor's in this browser.
 */
export function SettingsPage({ title }: { title: string }) {
  const state = useSettingsState();
  if (state.isPending) return <Loading text="Loading your settings..." />;
  if (state.error) return <ErrorMessage error={state.error} text="Your settings could not be loaded." />;
  return (
    <Page title={title}>
      <p className="hint">
        {state.owner === 'account' ? (
          'Saved with your account: they follow you to any browser you log in on.'
        ) : (
          <>
            You are not logged in: these settings are kept in this browser only. <Link to="/login">Log in</Link> to keep
            them with your account.
          </>
        )}
      </p>
      {/* A new form when whose settings they are changes (a login or logout), so it starts from theirs. */}
      <SettingsForm key={state.owner} state={state} />
    </Page>
  );
}

function SettingsForm({ state }: { state: SettingsState }) {
  const save = useSaveSettings(state.owner);
  const [values, setValues] = useState<UserSettings>(state.settings);
  const [dollars, setDollars] = useState(String(state.settings.default_bet_amount_cents / 100));
  const [saved, setSaved] = useState(false);
  const zones = timeZones();

  const cents = dollars.trim() === '' ? Number.NaN : Math.round(Number(dollars) * 100);
  const amountProblem = !Number.isFinite(cents)
    ? 'must be a number of dollars'
    : cents < SETTINGS_LIMITS.minBetAmountCents || cents > SETTINGS_LIMITS.maxBetAmountCents
      ? `must be from $${SETTINGS_LIMITS.minBetAmountCents / 100} to $${(SETTINGS_LIMITS.maxBetAmountCents / 100).toLocaleString('en-US')}`
      : cents % SETTINGS_LIMITS.betAmountStepCents !== 0
        ? 'must be whole dollars'
        : null;
  const serverProblem = (field: keyof UserSettings) =>
    save.error instanceof ApiError ? (save.error.fields.find((f) => f.field === field)?.reason ?? null) : null;
  const amountError = amountProblem ?? serverProblem('default_bet_amount_cents');
  const zoneError = serverProblem('time_zone');

  const change = (patch: Partial<UserSettings>) => {
    setSaved(false);
    setValues((v) => ({ ...v, ...patch }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (amountProblem) return;
    save.mutate({ ...values, default_bet_amount_cents: cents }, { onSuccess: () => setSaved(true) });
  };

  const sample = Date.now();
  return (
    <form className="form narrow settings-form" aria-label="Settings" onSubmit={submit} noValidate>
      <label htmlFor="settings-zone">Time zone</label>
      <select
        id="settings-zone"
        value={values.time_zone ?? ''}
        aria-invalid={zoneError ? true : undefined}
        onChange={(e) => change({ time_zone: e.target.value === '' ? null : e.target.value })}
      >
        <option value="">This browser's ({browserZone()})</option>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
      {zoneError ? <span className="field-error">{`Time zone ${zoneError}`}</span> : null}
      <span className="hint">
        Times across the site show in it: now is{' '}
        {formatTimeOfDay(sample, { timeZone: values.time_zone ?? browserZone() })}.
      </span>

      <fieldset className="settings-choice">
        <legend>Odds format</legend>
        {ODDS_FORMATS.map((f) => (
          <label key={f} className="inline">
            <input
              type="radio"
              name="odds_format"
              value={f}
              checked={values.odds_format === f}
              onChange={() => change({ odds_format: f })}
            />{' '}
            {ODDS_LABELS[f]}
          </label>
        ))}
      </fieldset>

      <label htmlFor="settings-amount">Default bet amount ($)</label>
      <input
        id="settings-amount"
        inputMode="numeric"
        value={dollars}
        aria-invalid={amountError ? true : undefined}
        aria-describedby="settings-amount-hint"
        onChange={(e) => {
          setSaved(false);
          setDollars(e.target.value);
        }}
      />
      {amountError ? <span className="field-error">{`Default bet amount ${amountError}`}</span> : null}
      <span className="hint" id="settings-amount-hint">
        The bet slip's amount starts at it, and Add Bet puts it back.
      </span>

      <fieldset className="settings-choice">
        <legend>Notifications</legend>
        <label className="inline">
          <input
            type="checkbox"
            checked={values.notify_own_horse_running}
            onChange={(e) => change({ notify_own_horse_running: e.target.checked })}
          />{' '}
          My horses running
        </label>
        <span className="hint">
          Shows the notices of your horses' entries, races about to go off and their results on your{' '}
          <Link to="/user-dashboard">stable dashboard</Link>; off, those notices are hidden.
        </span>
        <label className="inline">
          <input
            type="checkbox"
            checked={values.notify_own_bet_results}
            onChange={(e) => change({ notify_own_bet_results: e.target.checked })}
          />{' '}
          Results of my bets
        </label>
        <span className="hint">
          Highlights your settled bets (won, lost, refunded) in your <Link to="/user-bets">betting history</Link> with a
          count of wins; off, the history is plain.
        </span>
      </fieldset>

      <div className="form-row">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
      </div>
      <p aria-live="polite" className="status">
        {saved ? 'Settings saved.' : null}
      </p>
      {save.error && !(save.error instanceof ApiError && save.error.fields.length > 0) ? (
        <ErrorMessage error={save.error} text="Your settings could not be saved." />
      ) : null}
    </form>
  );
}
