import { useLayoutEffect } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../../config/paths';
import { loadBlogPosts } from '../../../features/blog/api/blogs-api';
import { BlogGrid } from '../../../features/blog/components/blog-card';
import { AwaitBlogPosts, BlogLoading } from '../../../features/blog/components/blog-status';
import { BLOG_MESSAGES } from '../../../features/blog/messages';
import { BannerCarousel } from '../../../features/home/components/banner-carousel';
import { FaqList } from '../../../features/home/components/faq-list';
import { HomeSection } from '../../../features/home/components/home-section';
import { Testimonials } from '../../../features/home/components/testimonials';
import { BANNER_SLIDES, FAQS, HOME_MESSAGES, TESTIMONIALS } from '../../../features/home/home-content';
import { loadOrNull } from '../../../features/marathons/load-failure';
import { getFeaturedMarathons, getUpcomingMarathons } from '../../../features/marathons/api/marathons-api';
import { MarathonResults } from '../../../features/marathons/components/marathon-list-states';
import { MARATHON_LIST_MESSAGES } from '../../../features/marathons/list-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** How many races the home page's upcoming block shows (two rows of four). */
const HOME_UPCOMING_COUNT = 8;
/** How many of the newest posts the blog block shows. */
const LATEST_POSTS_COUNT = 3;

/**
 * Featured and upcoming races load before the page shows (docs/SPEC.md §2). A block that fails to load says so
 * (and the failure is logged); the rest of the home page still shows. The news block's posts start loading
 * at the same time and show when they arrive.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { signal } = request;
  const posts = loadBlogPosts();
  const [featured, upcoming] = await Promise.all([
    loadOrNull(getFeaturedMarathons(signal), signal),
    loadOrNull(getUpcomingMarathons({ page: 1, limit: HOME_UPCOMING_COUNT }, signal), signal),
  ]);
  return { featured, upcoming: upcoming?.items ?? null, posts };
}

/**
 * The home page opens at its top (docs/SPEC.md §2), even when coming back to it: the router's ScrollRestoration
 * (rendered after this page) restores the old position in its own layout effect, so the scroll to the top
 * runs once this commit's layout effects are all done (a microtask), before the browser paints.
 */
function useScrollToTopOnEnter() {
  useLayoutEffect(() => {
    queueMicrotask(() => window.scrollTo(0, 0));
  }, []);
}

export function Component() {
  const { featured, upcoming, posts } = useLoaderData<typeof loader>();

  useDocumentTitle('Home');
  useScrollToTopOnEnter();

  return (
    <>
      <h1 className="sr-only">Stride: find, organize and join marathons</h1>
      <BannerCarousel slides={BANNER_SLIDES} />

      <HomeSection heading={MARATHON_LIST_MESSAGES.featuredHeading}>
        <MarathonResults marathons={featured} emptyText={MARATHON_LIST_MESSAGES.noFeatured} eagerCount={4} />
      </HomeSection>

      <HomeSection
        heading={MARATHON_LIST_MESSAGES.homeUpcomingHeading}
        more={{ label: HOME_MESSAGES.seeAllUpcoming, to: paths.upcomingMarathons.href }}
        className="border-base-300 border-t"
      >
        <MarathonResults marathons={upcoming} emptyText={MARATHON_LIST_MESSAGES.noUpcoming} />
      </HomeSection>

      <div className="bg-base-200">
        <HomeSection
          heading={HOME_MESSAGES.testimonialsHeading}
          subheading={HOME_MESSAGES.testimonialsSubheading}
        >
          <Testimonials testimonials={TESTIMONIALS} />
        </HomeSection>
      </div>

      <HomeSection heading={HOME_MESSAGES.faqHeading}>
        <FaqList faqs={FAQS} />
      </HomeSection>

      <div className="bg-base-200">
        <HomeSection
          heading={BLOG_MESSAGES.latestHeading}
          more={{ label: HOME_MESSAGES.seeAllNews, to: paths.blogs.href }}
        >
          <AwaitBlogPosts posts={posts} loading={<BlogLoading label={BLOG_MESSAGES.loadingList} />}>
            {(list) =>
              list.length > 0 ? (
                <BlogGrid posts={list.slice(0, LATEST_POSTS_COUNT)} />
              ) : (
                <p className="text-center">{BLOG_MESSAGES.empty}</p>
              )
            }
          </AwaitBlogPosts>
        </HomeSection>
      </div>
    </>
  );
}
