import { paths } from '../../config/paths';

/** Fixed content of the home page (docs/SPEC.md §2): banner slides, testimonials, FAQ and the block headings. */
export const HOME_MESSAGES = {
  testimonialsHeading: 'What Participants Say',
  testimonialsSubheading: 'Real stories from real runners',
  faqHeading: 'Frequently Asked Questions',
  seeAllUpcoming: 'See all upcoming marathons',
  seeAllNews: 'See all news',
} as const;

export type BannerSlide = {
  image: string;
  headline: string;
  text: string;
  cta: { label: string; to: string };
};

/** The four banner slides (docs/SPEC.md §9: 4 slides); artwork in public/images/banner/. */
export const BANNER_SLIDES: readonly BannerSlide[] = [
  {
    image: '/images/banner/slide-1.svg',
    headline: 'Find your next finish line',
    text: 'From 3K fun runs to 25K trail races: browse the marathons coming up and save your spot in a minute.',
    cta: { label: 'Browse upcoming marathons', to: paths.upcomingMarathons.href },
  },
  {
    image: '/images/banner/slide-2.svg',
    headline: 'Take the trail less travelled',
    text: 'Mountain paths, forest loops and coastal cliffs. Every race shows its distance, dates and how many have joined.',
    cta: { label: 'See all marathons', to: paths.marathons.href },
  },
  {
    image: '/images/banner/slide-3.svg',
    headline: 'Organize a race runners will love',
    text: 'Publish your event, open and close registration on your dates, and follow sign-ups from your dashboard.',
    cta: { label: 'Add your marathon', to: paths.addMarathon.href },
  },
  {
    image: '/images/banner/slide-4.svg',
    headline: 'Train smarter, race happier',
    text: 'Training plans, race-week nutrition and recovery advice from coaches and runners who have been there.',
    cta: { label: 'Read the latest news', to: paths.blogs.href },
  },
];

export type Testimonial = { id: number; name: string; role: string; image: string; text: string };

/** Fixed sample testimonials (docs/SPEC.md §2, §3): organizer and participant voices; avatars in public/images/avatars/. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 1,
    name: 'Amara Nwosu',
    role: 'Participant, Canal Ring 10K',
    image: '/images/avatars/avatar-1.svg',
    text: 'I found my first 10K here on a Sunday night and was registered before my tea went cold. The countdown on the race page kept me honest through every training run.',
  },
  {
    id: 2,
    name: 'Lukas Brenner',
    role: 'Organizer, Alpine Valley Trail 25K',
    image: '/images/avatars/avatar-2.svg',
    text: 'We used to juggle spreadsheets and e-mails. Now the registration window opens and closes on its own, and I can see every runner who has signed up from one dashboard.',
  },
  {
    id: 3,
    name: 'Sofia Marques',
    role: 'Participant, Harbour Lights 3K',
    image: '/images/avatars/avatar-3.svg',
    text: 'I ran the Harbour Lights fun run with my daughter. Finding a short, family-friendly race nearby took two minutes, and changing our details later was just as easy.',
  },
  {
    id: 4,
    name: 'Daniel Kowalski',
    role: 'Organizer, Autumn Leaves Half Marathon',
    image: '/images/avatars/avatar-4.svg',
    text: 'Publishing our race took ten minutes. Runners register themselves, the count updates as they do, and I spend race week on the course instead of on paperwork.',
  },
];

export type Faq = { question: string; answer: string };

/** The three FAQ items of docs/SPEC.md §2. */
export const FAQS: readonly Faq[] = [
  {
    question: 'How do I register for a marathon?',
    answer:
      'Log in or create an account, go to the Marathons page and click Register on the event you want to run.',
  },
  {
    question: 'Can I update my profile?',
    answer:
      'Yes. After logging in, you can update your name and profile photo anytime in your account settings.',
  },
  {
    question: 'What if I forget my password?',
    answer:
      'Use the Forgot Password link on the login page, and a reset link will be sent to your e-mail address.',
  },
];
