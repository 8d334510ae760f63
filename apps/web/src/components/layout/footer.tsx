import { Link } from 'react-router';
import { paths } from '../../config/paths';

const SOCIAL_LINKS = [
  {
    label: 'Stride on Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8a0 0 0 0 1 0 0z',
  },
  {
    label: 'Stride on Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01',
  },
  {
    label: 'Stride on YouTube',
    href: 'https://www.youtube.com/',
    path: 'M22 8.5a3 3 0 0 0-2-2C18 6 12 6 12 6s-6 0-8 .5a3 3 0 0 0-2 2A31 31 0 0 0 2 12a31 31 0 0 0 0 3.5 3 3 0 0 0 2 2c2 .5 8 .5 8 .5s6 0 8-.5a3 3 0 0 0 2-2 31 31 0 0 0 0-7zM10 15V9l5 3z',
  },
] as const;

export function Footer() {
  return (
    <footer className="bg-base-200 text-base-content mt-16">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <aside className="max-w-sm">
          <p className="text-xl font-bold">Stride</p>
          <p>
            A marathon management system to register, organize and join marathons — for runners and organizers
            alike.
          </p>
        </aside>
        <nav aria-label="Quick Links">
          <h2 className="footer-title">Quick Links</h2>
          <Link className="link link-hover" to={paths.marathons.href}>
            Marathons
          </Link>
          <Link className="link link-hover" to={paths.login.href}>
            Login
          </Link>
          <Link className="link link-hover" to={paths.signup.href}>
            Register
          </Link>
        </nav>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link className="link link-hover" to={paths.blogs.href}>
            All News
          </Link>
        </nav>
        <nav aria-label="Social links">
          <h2 className="footer-title">Follow us</h2>
          <div className="flex gap-3">
            {SOCIAL_LINKS.map((social) => (
              <a
                key={social.href}
                href={social.href}
                aria-label={social.label}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-ghost btn-circle btn-sm"
              >
                <svg
                  width={20}
                  height={20}
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden
                >
                  <path d={social.path} />
                </svg>
              </a>
            ))}
          </div>
        </nav>
      </div>
      <div className="border-base-300 border-t py-4 text-center text-sm">
        <p>© {new Date().getFullYear()} Stride. All rights reserved.</p>
      </div>
    </footer>
  );
}
