import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { MenuIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

const DASHBOARD_LINKS = [
  { to: paths.addMarathon.href, label: 'Add Marathon' },
  { to: paths.myMarathons.href, label: 'My Marathons' },
  { to: paths.myApplies.href, label: 'My Apply List' },
  { to: paths.teamRaces.href, label: 'Races I help with' },
  { to: paths.teamInvitations.href, label: 'Invitations' },
  { to: paths.settings.href, label: 'Account Settings' },
] as const;

/** The dashboard's side menu 'Dashboard Menu': a column on large screens, a toggled panel on small ones. */
export function Component() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr]">
      <button
        type="button"
        className="btn btn-outline lg:hidden"
        aria-expanded={isMenuOpen}
        aria-controls="dashboard-menu"
        onClick={() => setIsMenuOpen((open) => !open)}
      >
        <MenuIcon /> Dashboard Menu
      </button>
      <aside
        id="dashboard-menu"
        className={`${isMenuOpen ? 'block' : 'hidden'} lg:block`}
        aria-labelledby="dashboard-menu-title"
      >
        <div className="bg-base-200 rounded-box p-4">
          <h2 id="dashboard-menu-title" className="mb-2 text-lg font-bold">
            Dashboard Menu
          </h2>
          <ul className="menu w-full p-0">
            {DASHBOARD_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                  onClick={() => setIsMenuOpen(false)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
