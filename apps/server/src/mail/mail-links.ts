/** The site's pages that mails link to (the web app's config/paths.ts, as absolute URLs). */
export const mailLinks = {
  myApplies: (publicUrl: string) => `${publicUrl}/dashboard/my-applies`,
  racePage: (publicUrl: string, raceId: string) =>
    `${publicUrl}/marathon-details/${encodeURIComponent(raceId)}`,
  /** The runner's race pass (issue 33): its QR code, kept for offline use once opened. */
  racePass: (publicUrl: string, registrationId: string) =>
    `${publicUrl}/dashboard/my-applies/${encodeURIComponent(registrationId)}/pass`,
  /** Where an invitee accepts or declines a place on a race's team, with the mailed token. */
  teamInvitations: (publicUrl: string, token: string) =>
    `${publicUrl}/dashboard/team-invitations?token=${encodeURIComponent(token)}`,
  /** Where the receiver of a transfer offer (issue 35), signed in with the mailed address, sees and accepts it. */
  transfer: (publicUrl: string, token: string) => `${publicUrl}/transfers/${encodeURIComponent(token)}`,
  /** A runner's result card (issue 34). */
  resultCard: (publicUrl: string, raceId: string, bib: number) =>
    `${publicUrl}/results/${encodeURIComponent(raceId)}/${bib}`,
};
