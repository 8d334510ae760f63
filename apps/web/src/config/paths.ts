/** Every URL of the web app, once (SPEC.md §2). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  upcomingMarathons: '/upcoming-marathons',
  blogs: '/blogs',
  blog: (id: number | string) => `/blog/${id}`,
  marathons: '/marathons',
  marathonDetails: (id: string) => `/marathon-details/${id}`,
  registration: (id: string) => `/registration/${id}`,
  dashboard: {
    root: '/dashboard',
    addMarathon: '/dashboard/add-marathon',
    myMarathons: '/dashboard/my-marathons',
    participants: (id: string) => `/dashboard/my-marathons/${id}/participants`,
    myApplies: '/dashboard/my-applies',
    settings: '/dashboard/settings',
  },
} as const;

/** The same URLs as route patterns, for `app/router.tsx`: `:id` names the parameter a loader reads. */
export const routePatterns = {
  blog: '/blog/:id',
  marathonDetails: '/marathon-details/:id',
  registration: '/registration/:id',
  participants: '/dashboard/my-marathons/:id/participants',
  /** Any other path: the not-found page. */
  anyOther: '*',
} as const;
