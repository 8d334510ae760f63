import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RACE_DAY_LIMITS } from '@stride/shared';
import { CHECKIN_SCREEN_MESSAGES as M } from '../checkin-messages';
import type { CheckinStation, StationState } from '../checkin-station';
import type { RaceInfo } from '../checkin-store';
import { readDeviceName, saveDeviceName } from '../device-name';
import { QrScanner } from './qr-scanner';
import { RunnerSearch } from './runner-search';
import { ScanOutcome } from './scan-outcome';

/**
 * The check-in screen (issue 33): full screen, phone first. The camera reads race passes, a search finds runners
 * by bib or name, each result fills the screen; the counters and the sync's state stay at the top.
 */
export function CheckinScreen({
  station,
  race,
  dashboardHref,
  loginHref,
}: {
  station: CheckinStation;
  race: RaceInfo;
  dashboardHref: string;
  loginHref: string;
}) {
  const state = useSyncExternalStore(station.subscribe, station.getState);
  useEffect(() => {
    station.start();
    return () => station.stop();
  }, [station]);

  if (state.phase !== 'ready') return <NotReady phase={state.phase} dashboardHref={dashboardHref} />;

  const { outcome, lastCheckin } = state;
  const canUndo = station.canUndo();
  const isLastCheckin = outcome !== null && lastCheckin !== null && outcome.scanId === lastCheckin.scanId;

  return (
    <main id="main" className="bg-base-100 min-h-dvh">
      <div className="mx-auto flex max-w-md flex-col gap-6 p-4 pb-10" inert={outcome !== null}>
        <header className="space-y-2">
          <h1 className="text-2xl font-bold break-words">
            <span className="text-base-content/75 block text-sm font-semibold tracking-wide uppercase">
              {M.pageTitle}
              <span className="sr-only">:</span>
            </span>
            {race.title}
          </h1>
          <p className="text-3xl font-black">{M.counters(state.checkedIn, state.total)}</p>
          <SyncLine state={state} loginHref={loginHref} />
        </header>

        {canUndo && lastCheckin && (
          <button type="button" className="btn btn-outline btn-block" onClick={() => void station.undoLast()}>
            {M.undo.last(lastCheckin.name)}
          </button>
        )}

        <Section title={M.camera.heading}>
          <QrScanner isPaused={outcome !== null} onCode={(text) => void station.scanText(text)} />
        </Section>

        <Section title={M.search.heading}>
          <RunnerSearch
            roster={station.getRoster()}
            rosterVersion={state.rosterVersion}
            timeZone={race.timeZone}
            onCheckIn={(id) => void station.checkInRunner(id)}
          />
        </Section>

        <DeviceNameField />

        <Link to={dashboardHref} className="link link-primary">
          {M.backToDashboard}
        </Link>
      </div>

      {/* The live region stays on the page, so that each result put in it is announced; a result fills the screen. */}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={outcome ? 'fixed inset-0 z-50 overflow-y-auto' : undefined}
      >
        {outcome && (
          <ScanOutcome
            outcome={outcome}
            timeZone={race.timeZone}
            canUndo={isLastCheckin && canUndo}
            onNext={() => station.dismiss()}
            onUndo={() => void station.undoLast()}
          />
        )}
      </div>
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the sync is doing: scans waiting, all synced, offline, or why it stopped. */
function SyncLine({ state, loginHref }: { state: StationState; loginHref: string }) {
  const problem =
    state.problem === 'signed-out' ? (
      <>
        {M.signedOut}{' '}
        <a href={loginHref} className="link font-semibold">
          {M.logIn}
        </a>
      </>
    ) : state.problem === 'forbidden' ? (
      M.forbiddenSync
    ) : state.problem === 'failed' ? (
      M.syncFailed
    ) : null;
  return (
    <div className="space-y-2" aria-live="polite">
      {state.queued > 0 ? (
        <p className="text-lg font-semibold">{M.waiting(state.queued)}</p>
      ) : (
        state.hasSynced && <p className="text-lg">{M.allSynced}</p>
      )}
      {state.isOffline && <p className="text-base-content/80">{M.offline}</p>}
      {problem && <p className="alert alert-error">{problem}</p>}
      {state.notice && <p className="alert">{state.notice}</p>}
    </div>
  );
}

function DeviceNameField() {
  const [name, setName] = useState(readDeviceName);
  const inputId = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={inputId} className="label mb-1 font-semibold">
        {M.device.label}
      </label>
      <input
        id={inputId}
        type="text"
        className="input w-full"
        maxLength={RACE_DAY_LIMITS.device}
        autoComplete="off"
        aria-describedby={hintId}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          saveDeviceName(event.target.value);
        }}
      />
      <p id={hintId} className="text-base-content/80 mt-1 text-sm">
        {M.device.hint}
      </p>
    </div>
  );
}

function NotReady({ phase, dashboardHref }: { phase: StationState['phase']; dashboardHref: string }) {
  if (phase === 'loading') {
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center">
        <span
          className="loading loading-spinner loading-lg text-primary"
          role="status"
          aria-label={M.loading}
        />
      </main>
    );
  }
  const [heading, text] =
    phase === 'forbidden'
      ? [M.denied.forbiddenHeading, M.denied.forbiddenText]
      : [M.denied.noRosterHeading, M.denied.noRosterText];
  return <Refusal heading={heading} text={text} dashboardHref={dashboardHref} />;
}

/** Instead of the screen: not on the team, no such race, or nothing kept to work offline from. */
export function Refusal({
  heading,
  text,
  dashboardHref,
}: {
  heading: string;
  text: string;
  dashboardHref: string;
}) {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-base-content/80">{text}</p>
      <Link to={dashboardHref} className="btn btn-primary">
        {M.backToDashboard}
      </Link>
    </main>
  );
}
