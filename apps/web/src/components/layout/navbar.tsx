import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { MenuIcon } from '../ui/icons';
import { ThemeToggle } from './theme-toggle';
import { UserAvatar } from './user-avatar';

type NavbarUser = { name: string; email: string; image?: string | null | undefined };

type NavbarProps = {
  user: NavbarUser | null;
  /** True while the session is still being read: neither the logged-in nor the logged-out links show. */
  isLoadingUser: boolean;
  onLogout: () => void;
};

const MAIN_LINKS = [
  { to: paths.home.href, label: 'Home' },
  { to: paths.marathons.href, label: 'Marathons' },
  { to: paths.upcomingMarathons.href, label: 'Upcoming Marathons' },
  { to: paths.blogs.href, label: 'All News' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

function MainLinks({ onNavigate }: { onNavigate?: () => void }) {
  return MAIN_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === paths.home.href} className={navLinkClass} onClick={onNavigate}>
        {link.label}
      </NavLink>
    </li>
  ));
}

export function Navbar({ user, isLoadingUser, onLogout }: NavbarProps) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMobileMenu = () => setIsMenuOpen(false);

  return (
    <header className="bg-base-100/90 border-base-300 sticky top-0 z-40 border-b backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-2 sm:px-4" aria-label="Main">
        <div className="navbar-start gap-1">
          {/* A real button (not <details>/<summary>, which has no dependable role) that says whether it is open. */}
          <div
            className="relative lg:hidden"
            onKeyDown={(event) => {
              if (event.key === 'Escape' && isMenuOpen) {
                closeMobileMenu();
                menuButton.current?.focus();
              }
            }}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) closeMobileMenu();
            }}
          >
            <button
              ref={menuButton}
              type="button"
              className="btn btn-ghost btn-circle"
              aria-label="Open menu"
              aria-expanded={isMenuOpen}
              aria-controls="mobile-menu"
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              <MenuIcon />
            </button>
            <ul
              id="mobile-menu"
              className={`menu bg-base-100 rounded-box absolute left-0 top-full z-50 mt-3 w-56 p-2 shadow-lg ${isMenuOpen ? '' : 'hidden'}`}
            >
              <MainLinks onNavigate={closeMobileMenu} />
              {user && (
                <li className="sm:hidden">
                  <NavLink to={paths.dashboard.href} className={navLinkClass} onClick={closeMobileMenu}>
                    Dashboard
                  </NavLink>
                </li>
              )}
            </ul>
          </div>
          <Link to={paths.home.href} className="btn btn-ghost px-2 text-xl font-bold tracking-tight">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Stride
          </Link>
        </div>

        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">
            <MainLinks />
          </ul>
        </div>

        <div className="navbar-end gap-2">
          <ThemeToggle />
          {isLoadingUser ? null : user ? (
            <>
              <NavLink to={paths.dashboard.href} className="btn btn-ghost btn-sm hidden sm:inline-flex">
                Dashboard
              </NavLink>
              <UserAvatar name={user.name} photoUrl={user.image} />
              <button type="button" className="btn btn-primary btn-sm" onClick={onLogout}>
                Log Out
              </button>
            </>
          ) : (
            <>
              <NavLink to={paths.login.href} className="btn btn-ghost btn-sm">
                Login
              </NavLink>
              <NavLink to={paths.signup.href} className="btn btn-primary btn-sm">
                Register
              </NavLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
