/** The site's pages that mails link to (the web app's config/paths.ts, as absolute URLs). */
export const mailLinks = {
  myApplies: (publicUrl: string) => `${publicUrl}/dashboard/my-applies`,
  racePage: (publicUrl: string, raceId: string) =>
    `${publicUrl}/marathon-details/${encodeURIComponent(raceId)}`,
};
