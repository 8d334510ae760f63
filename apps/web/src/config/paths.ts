/** A URL without parameters: a link to it is its pattern. */
const fixed = <Path extends string>(path: Path) => ({ path, href: path }) as const;

/** A URL naming one record: a link to it puts the record's id where the pattern says `:id`. */
const withId = <Path extends `${string}/:id${string}`>(path: Path) =>
  ({
    path,
    href: (id: string | number) => path.replace(':id', () => encodeURIComponent(id)),
  }) as const;

/** One runner's result in a race: the race's id, then the bib. */
const withIdAndBib = <Path extends `${string}/:id/:bib`>(path: Path) =>
  ({
    path,
    href: (id: string, bib: number) =>
      path.replace(':id', () => encodeURIComponent(id)).replace(':bib', () => String(bib)),
  }) as const;

/**
 * Every URL of the web app, once (docs/SPEC.md §2). `path` is the pattern `app/router.tsx` matches (`:id` names the
 * parameter a loader reads); `href` is what a link to it says: the same string, or a function of the id.
 */
export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  signup: fixed('/signup'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  upcomingMarathons: fixed('/upcoming-marathons'),
  blogs: fixed('/blogs'),
  blog: withId('/blog/:id'),
  /** A race's public page: no sign-in, the link to share (the server fills in its preview tags). */
  race: withId('/races/:id'),
  /**
   * A race's results (issue 34): public once published. `card` is one runner's result card, the link they share
   * (the server fills in its preview tags).
   */
  results: { ...withId('/results/:id'), card: withIdAndBib('/results/:id/:bib') },
  /** A race's ballot, its public record (issue 35): the seed's commitment, the seed, the drawn order's CSV. */
  ballot: withId('/races/:id/ballot'),
  marathons: fixed('/marathons'),
  marathonDetails: withId('/marathon-details/:id'),
  /**
   * Where the runner lands after paying for their place in the race (or not): Stripe's checkout sends them back
   * here with `?registration={id}&result=success|cancelled` (the server builds that URL).
   */
  payment: withId('/marathon-details/:id/payment'),
  registration: withId('/registration/:id'),
  dashboard: fixed('/dashboard'),
  addMarathon: fixed('/dashboard/add-marathon'),
  myMarathons: fixed('/dashboard/my-marathons'),
  participants: withId('/dashboard/my-marathons/:id/participants'),
  /** The desk's Team tab (issue 33): the organizer invites co-organizers and check-in volunteers. */
  raceTeam: withId('/dashboard/my-marathons/:id/participants/team'),
  /** The desk's Results tab (issue 34): import the timer's file, rank, publish. */
  raceResults: withId('/dashboard/my-marathons/:id/participants/results'),
  /** The desk's Ballot tab (issue 35), for a race entered by ballot: its entries, the draw. */
  raceBallot: withId('/dashboard/my-marathons/:id/participants/ballot'),
  myApplies: fixed('/dashboard/my-applies'),
  /** A registered runner's race pass: the QR code the check-in table scans. */
  racePass: withId('/dashboard/my-applies/:id/pass'),
  /** A place offered to the signed-in runner (issue 35): the transfer mail links here, `:id` its token. */
  transfer: withId('/transfers/:id'),
  /** The races the user helps with, as a co-organizer or a check-in volunteer. */
  teamRaces: fixed('/dashboard/team-races'),
  /** The invitation mail links here with `?token=`. */
  teamInvitations: fixed('/dashboard/team-invitations'),
  settings: fixed('/dashboard/settings'),
  /** A race's check-in screen (issue 33), for its organizer and team: no dashboard around it. */
  checkin: withId('/checkin/:id'),
} as const;
