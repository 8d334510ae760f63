import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { uploadedImageSrcSet } from '@stride/shared/images';
import { initialsOf } from '../../lib/initials';

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  /** Shown instead when there is no address, or when the image fails to load. */
  fallback: ReactNode;
};

/**
 * An image, with both widths of an uploaded one (`srcset`), or `fallback` where the browser would show its
 * broken-image icon. The address that failed is remembered, so a new one (an edited race, a form's preview) is tried.
 */
function Picture({ src, fallback, ...imgProps }: PictureProps) {
  const [failed, setFailed] = useState<string>();
  return src && failed !== src ? (
    <img src={src} srcSet={uploadedImageSrcSet(src)} onError={() => setFailed(src)} {...imgProps} />
  ) : (
    fallback
  );
}

type PosterImageProps = Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'fetchPriority' | 'sizes'> & {
  src: string | null | undefined;
  /** The race's title: the alt text ("Poster of …") and the placeholder's initials. */
  title: string;
  className?: string;
};

/**
 * A race's poster; without one, or when it fails to load, a placeholder in the brand colour with the race's
 * initials, named as the poster would be.
 */
export function PosterImage({ src, title, className = '', ...imgProps }: PosterImageProps) {
  const alt = `Poster of ${title}`;
  return (
    <Picture
      src={src}
      alt={alt}
      className={className}
      width={800}
      height={450}
      decoding="async"
      {...imgProps}
      fallback={
        <div
          role="img"
          aria-label={alt}
          className={`bg-primary text-primary-content flex items-center justify-center ${className}`}
        >
          <span aria-hidden className="text-5xl font-black">
            {initialsOf(title)}
          </span>
        </div>
      }
    />
  );
}

/**
 * A person's photo, filling a round frame the parent sizes; their initial on the neutral colour without one or when
 * it fails to load. The photo's alt text is the name; the initial is decoration beside a name said elsewhere.
 */
export function AvatarPhoto({
  name,
  photoUrl,
  size = 40,
}: {
  name: string;
  photoUrl: string | null | undefined;
  /** Its width and height in CSS pixels. */
  size?: number;
}) {
  return (
    <Picture
      src={photoUrl}
      alt={name}
      sizes={`${size}px`}
      referrerPolicy="no-referrer"
      width={size}
      height={size}
      fallback={
        <span
          className="bg-neutral text-neutral-content flex h-full w-full items-center justify-center font-semibold"
          aria-hidden
        >
          {initialsOf(name, 1)}
        </span>
      }
    />
  );
}
