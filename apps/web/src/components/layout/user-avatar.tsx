import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AvatarPhoto } from '../ui/pictures';

type UserAvatarProps = { name: string | null | undefined; photoUrl: string | null | undefined };

/** The photo from the user's profile, with a tooltip of their name (docs/SPEC.md §2: 'User' when unnamed). */
export function UserAvatar({ name, photoUrl }: UserAvatarProps) {
  const displayName = name?.trim() || 'User';
  return (
    // To the left, not above as in the original: above a sticky top bar the tooltip would leave the screen,
    // and centred below the avatar (which sits near the right edge) a long name widened the page even while
    // the tooltip was hidden, so phones scrolled sideways. On the left it has the navbar to grow into, and on
    // narrow screens it wraps before reaching the left edge (the avatar sits about 10rem from the right).
    <div
      className="tooltip tooltip-left before:max-w-[min(20rem,calc(100vw_-_10rem))]"
      data-tip={displayName}
    >
      {/* The avatar opens the account settings; the photo's alt text (the name) names the link. */}
      <Link to={paths.settings.href} className="avatar" aria-label={`${displayName}: account settings`}>
        <div className="w-10 rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100">
          <AvatarPhoto name={displayName} photoUrl={photoUrl} />
        </div>
      </Link>
    </div>
  );
}
